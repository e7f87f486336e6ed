import Scanner
print("scan")
