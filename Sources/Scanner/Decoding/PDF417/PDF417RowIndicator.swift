/// The row indicators at both ends of every PDF417 row (ISO/IEC 15438): 30·(row / 3) plus, by
/// the row's cluster, a third of the symbol's facts: (rows − 1) / 3, 3·EC level + (rows − 1) mod 3,
/// or columns − 1. The left indicator of cluster 0 carries the rows, the right the columns; each
/// side's facts rotate by one cluster. Reading a few rows gives all three facts.
struct PDF417RowIndicator: Sendable, Hashable {
    enum Fact: Sendable, Hashable {
        /// (rows − 1) / 3.
        case rowsDividedBy3(Int)
        /// EC level and (rows − 1) mod 3.
        case levelAndRowRemainder(level: Int, remainder: Int)
        /// columns − 1.
        case columnsLess1(Int)
    }

    /// row / 3.
    let rowGroup: Int
    let fact: Fact

    /// What an indicator codeword of this cluster index (row mod 3) on this side says; nil when
    /// the value cannot be one (a level above 8).
    init?(value: Int, clusterIndex: Int, left: Bool) {
        guard value >= 0, value < 900, (0...2).contains(clusterIndex) else { return nil }
        rowGroup = value / 30
        let low = value % 30
        switch (clusterIndex + (left ? 0 : 2)) % 3 {
        case 0: fact = .rowsDividedBy3(low)
        case 1:
            guard low / 3 <= 8 else { return nil }
            fact = .levelAndRowRemainder(level: low / 3, remainder: low % 3)
        default: fact = .columnsLess1(low)
        }
    }

    /// The indicator value of `row`.
    static func value(row: Int, rows: Int, columns: Int, level: Int, left: Bool) -> Int {
        let low = switch (row % 3 + (left ? 0 : 2)) % 3 {
        case 0: (rows - 1) / 3
        case 1: 3 * level + (rows - 1) % 3
        default: columns - 1
        }
        return 30 * (row / 3) + low
    }
}
