package app

// changed
