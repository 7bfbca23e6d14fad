package billing // touched
