// The (n, k) character value computation of ISO/IEC 24724: a DataBar
// character is split into its odd and even elements; each side is ranked
// among the width combinations of its module count (with a widest-element
// limit and, for some sides, "at least one narrow element"), and the group
// the odd module count falls in adds its offset.

/// One group of a DataBar character set (the standard's per-group table row).
struct DataBarCharacterGroup: Sendable {
    /// The odd elements' module count, and the widest an odd and an even element may be.
    var oddModules, oddWidest, evenWidest: Int
    /// How many values the minor side takes (the multiplier of the major side).
    var minorCount: Int
    /// Values in the group: its first value is `offset`.
    var offset, size: Int
}

/// A DataBar character set: element count, module count and groups.
struct DataBarCharacterSet: Sendable {
    let elements: Int
    let modules: Int
    let groups: [DataBarCharacterGroup]
    /// True when the odd side is the major one (value = odd rank × minorCount + even rank).
    let oddMajor: Bool
    let oddNeedsNarrow: Bool
    let evenNeedsNarrow: Bool

    /// The character value of integer element widths in reading order, or nil if no group holds them.
    func value(_ widths: [Int]) -> Int? {
        guard widths.count == elements else { return nil }
        var odd = [Int](), even = [Int]()
        odd.reserveCapacity(elements / 2); even.reserveCapacity(elements / 2)
        for (i, w) in widths.enumerated() { if i % 2 == 0 { odd.append(w) } else { even.append(w) } }
        let oddSum = odd.reduce(0, +)
        guard let group = groups.first(where: { $0.oddModules == oddSum }) else { return nil }
        guard odd.allSatisfy({ $0 >= 1 && $0 <= group.oddWidest }), even.allSatisfy({ $0 >= 1 && $0 <= group.evenWidest }) else { return nil }
        let vOdd = DataBarCombinatorics.rank(odd, maxWidth: group.oddWidest, needsNarrow: oddNeedsNarrow)
        let vEven = DataBarCombinatorics.rank(even, maxWidth: group.evenWidest, needsNarrow: evenNeedsNarrow)
        let (major, minor) = oddMajor ? (vOdd, vEven) : (vEven, vOdd)
        guard minor < group.minorCount else { return nil }
        let local = major * group.minorCount + minor
        guard local < group.size else { return nil }
        return group.offset + local
    }

    /// DataBar Omnidirectional / Stacked outer characters (16 modules, values 0...2840).
    static let omniOuter = DataBarCharacterSet(elements: 8, modules: 16, groups: [
        .init(oddModules: 12, oddWidest: 8, evenWidest: 1, minorCount: 1, offset: 0, size: 161),
        .init(oddModules: 10, oddWidest: 6, evenWidest: 3, minorCount: 10, offset: 161, size: 800),
        .init(oddModules: 8, oddWidest: 4, evenWidest: 5, minorCount: 34, offset: 961, size: 1054),
        .init(oddModules: 6, oddWidest: 3, evenWidest: 6, minorCount: 70, offset: 2015, size: 700),
        .init(oddModules: 4, oddWidest: 1, evenWidest: 8, minorCount: 126, offset: 2715, size: 126),
    ], oddMajor: true, oddNeedsNarrow: false, evenNeedsNarrow: true)

    /// DataBar Omnidirectional / Stacked inner characters (15 modules, values 0...1596).
    static let omniInner = DataBarCharacterSet(elements: 8, modules: 15, groups: [
        .init(oddModules: 5, oddWidest: 2, evenWidest: 7, minorCount: 4, offset: 0, size: 336),
        .init(oddModules: 7, oddWidest: 4, evenWidest: 5, minorCount: 20, offset: 336, size: 700),
        .init(oddModules: 9, oddWidest: 6, evenWidest: 3, minorCount: 48, offset: 1036, size: 480),
        .init(oddModules: 11, oddWidest: 8, evenWidest: 1, minorCount: 81, offset: 1516, size: 81),
    ], oddMajor: false, oddNeedsNarrow: true, evenNeedsNarrow: false)

    /// DataBar Expanded characters (17 modules, values 0...4191).
    static let expanded = DataBarCharacterSet(elements: 8, modules: 17, groups: [
        .init(oddModules: 12, oddWidest: 7, evenWidest: 2, minorCount: 4, offset: 0, size: 348),
        .init(oddModules: 10, oddWidest: 5, evenWidest: 4, minorCount: 20, offset: 348, size: 1040),
        .init(oddModules: 8, oddWidest: 4, evenWidest: 5, minorCount: 52, offset: 1388, size: 1560),
        .init(oddModules: 6, oddWidest: 3, evenWidest: 6, minorCount: 104, offset: 2948, size: 1040),
        .init(oddModules: 4, oddWidest: 1, evenWidest: 8, minorCount: 204, offset: 3988, size: 204),
    ], oddMajor: true, oddNeedsNarrow: true, evenNeedsNarrow: false)

    /// DataBar Limited characters (14 elements, 26 modules, values 0...2013570).
    static let limited = DataBarCharacterSet(elements: 14, modules: 26, groups: [
        .init(oddModules: 17, oddWidest: 6, evenWidest: 3, minorCount: 28, offset: 0, size: 183064),
        .init(oddModules: 13, oddWidest: 5, evenWidest: 4, minorCount: 728, offset: 183064, size: 637000),
        .init(oddModules: 9, oddWidest: 3, evenWidest: 6, minorCount: 6454, offset: 820064, size: 180712),
        .init(oddModules: 15, oddWidest: 5, evenWidest: 4, minorCount: 203, offset: 1000776, size: 490245),
        .init(oddModules: 11, oddWidest: 4, evenWidest: 5, minorCount: 2408, offset: 1491021, size: 488824),
        .init(oddModules: 19, oddWidest: 8, evenWidest: 1, minorCount: 1, offset: 1979845, size: 17094),
        .init(oddModules: 7, oddWidest: 1, evenWidest: 8, minorCount: 16632, offset: 1996939, size: 16632),
    ], oddMajor: true, oddNeedsNarrow: false, evenNeedsNarrow: true)
}

/// The standard's ranking of one side's element widths.
enum DataBarCombinatorics {
    /// C(n, r), 0 outside the triangle.
    static func choose(_ n: Int, _ r: Int) -> Int {
        guard n >= 0, r >= 0, r <= n else { return 0 }
        let r = min(r, n - r)
        var result = 1
        var i = 0
        while i < r { result = result * (n - i) / (i + 1); i += 1 }
        return result
    }

    /// The rank of `widths` among the combinations of its module count, in the
    /// standard's order: combinations are counted element by element, the
    /// smaller widths first, leaving out those with an element wider than
    /// `maxWidth` and, with `needsNarrow`, those without any 1-module element.
    static func rank(_ widths: [Int], maxWidth: Int, needsNarrow: Bool) -> Int {
        let count = widths.count
        var modules = widths.reduce(0, +)
        var value = 0
        var allWide = true // no narrow element so far
        for position in 0..<(count - 1) {
            let rest = count - position - 1 // elements after this one
            var width = 1
            var narrowHere = true
            while width < widths[position] {
                var sub = choose(modules - width - 1, rest - 1)
                if needsNarrow && allWide && !narrowHere && modules - width - rest >= rest {
                    sub -= choose(modules - width - rest - 1, rest - 1) // the rest all wide: no narrow anywhere
                }
                if rest > 1 {
                    var tooWide = 0
                    var widest = modules - width - (rest - 1)
                    while widest > maxWidth {
                        tooWide += choose(modules - width - widest - 1, rest - 2)
                        widest -= 1
                    }
                    sub -= tooWide * rest
                } else if modules - width > maxWidth {
                    sub -= 1
                }
                value += sub
                width += 1
                narrowHere = false
            }
            if width == 1 { allWide = false }
            modules -= width
        }
        return value
    }
}
