/// A point in image pixels (sub-pixel).
struct MatrixPoint: Sendable, Hashable {
    var x: Double
    var y: Double
}
