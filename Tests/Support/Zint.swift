import Scanner
