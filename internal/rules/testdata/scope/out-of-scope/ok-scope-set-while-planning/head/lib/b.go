package b // x
