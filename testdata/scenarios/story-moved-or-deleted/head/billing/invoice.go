package billing

// changed
