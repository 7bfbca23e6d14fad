package app

// widened
