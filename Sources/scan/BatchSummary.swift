/// What a batch of files gave, counted as it is printed, for the line
/// zbarimg users expect at its end: `scanned 41 symbols from 37 images,
/// 3 without a code, 1 unreadable`. An image is a file of one picture, or
/// one page or frame of a file of several.
struct BatchSummary {
    private(set) var symbols = 0
    private(set) var images = 0
    private(set) var withoutCode = 0
    private(set) var unreadable = 0
    /// Images whose work --timeout ended, or whose data ended early.
    private(set) var cutShort = 0

    mutating func read(symbols count: Int, cutShort wasCutShort: Bool) {
        images += 1
        symbols += count
        if wasCutShort { cutShort += 1 } else if count == 0 { withoutCode += 1 }
    }

    mutating func failed() {
        images += 1
        unreadable += 1
    }

    /// The line, without `scan: ` or the newline; counts of nothing are left out.
    var description: String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        var parts = ["scanned \(counted(symbols, "symbol", "symbols")) from \(counted(images, "image", "images"))"]
        if withoutCode > 0 { parts.append("\(withoutCode) without a code") }
        if cutShort > 0 { parts.append("\(cutShort) cut short") }
        if unreadable > 0 { parts.append("\(unreadable) unreadable") }
        return parts.joined(separator: ", ")
    }
}
