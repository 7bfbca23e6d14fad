package other // changed
