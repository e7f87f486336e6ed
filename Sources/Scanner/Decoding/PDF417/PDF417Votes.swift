/// Readings of one quantity from several scan lines; the value stands only with a clear winner.
struct PDF417Votes: Sendable {
    private var counts: [Int: Int] = [:]

    mutating func add(_ value: Int) { counts[value, default: 0] += 1 }

    var isEmpty: Bool { counts.isEmpty }

    /// The most read value when it has at least twice the votes of the runner-up.
    var winner: Int? {
        var best = (value: 0, count: 0), second = 0
        for (value, count) in counts {
            if count > best.count || (count == best.count && value < best.value) {
                second = max(second, best.count)
                best = (value, count)
            } else {
                second = max(second, count)
            }
        }
        return best.count > 0 && best.count >= 2 * second ? best.value : nil
    }
}
