/// The nearest triangle hit of each ray of a batch, in the batch's order (for a pixel grid:
/// row-major), from a ``BatchMeshScene``.
public struct BatchMeshRaycastResult: Sendable, Hashable, Codable {
  /// Distance along the ray to the nearest hit, in units of the ray direction's length (metres
  /// for unit directions, as every pixel grid's); `+infinity` when the ray misses.
  public var t: [Float]
  /// The scene triangle index hit (input order, see ``BatchMeshScene``); `-1` on a miss.
  public var triangleIndex: [Int32]
  /// Barycentric weight of the hit triangle's corner `P1`, in `0...1`; `0` on a miss. Empty when
  /// the raycast was asked for no barycentrics.
  public var barycentricU: [Float]
  /// Barycentric weight of corner `P2` (the hit point is `(1 - u - v) P0 + u P1 + v P2`); `0` on a
  /// miss. Empty when the raycast was asked for no barycentrics.
  public var barycentricV: [Float]

  /// An empty result.
  public init() {
    t = []
    triangleIndex = []
    barycentricU = []
    barycentricV = []
  }

  /// A result of `count` misses (with barycentric arrays when `barycentrics`), its memory mapped
  /// and written here so that a raycast into it pays no page faults for fresh memory.
  public init(missesCount count: Int, barycentrics: Bool = true) {
    t = LargeBuffer.filled(count: count, with: .infinity)
    triangleIndex = LargeBuffer.filled(count: count, with: -1)
    barycentricU = barycentrics ? LargeBuffer.filled(count: count, with: 0) : []
    barycentricV = barycentrics ? LargeBuffer.filled(count: count, with: 0) : []
  }

  /// The number of rays.
  public var count: Int { t.count }

  /// The hit point of ray `i` (world metres) given the ray, or `nil` on a miss.
  public func hitPoint(_ i: Int, origin: SIMD3<Float>, direction: SIMD3<Float>) -> SIMD3<Float>? {
    guard triangleIndex[i] >= 0 else { return nil }
    return origin + direction * t[i]
  }

  /// Makes this a result for `count` rays, reusing storage (contents unspecified: every path
  /// writes every element).
  mutating func resize(to count: Int, barycentrics: Bool) {
    if t.count != count {
      t = []
      triangleIndex = []
      t = LargeBuffer.uninitialized(count: count)
      triangleIndex = LargeBuffer.uninitialized(count: count)
    }
    let barycentricCount = barycentrics ? count : 0
    if barycentricU.count != barycentricCount {
      barycentricU = []
      barycentricV = []
      barycentricU = LargeBuffer.uninitialized(count: barycentricCount)
      barycentricV = LargeBuffer.uninitialized(count: barycentricCount)
    }
  }
}
