package other

// changed
