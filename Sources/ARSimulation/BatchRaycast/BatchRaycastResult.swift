/// The nearest hit of each ray of a batch, in the batch's order (for a pixel grid: row-major).
public struct BatchRaycastResult: Sendable, Hashable, Codable {
  /// Distance along the (unit) ray to the nearest hit, metres; `+infinity` when the ray misses.
  public var t: [Float]
  /// Index of the hit plane in the scene's `planes`; `-1` when the ray misses. Among planes hit at
  /// exactly the same `t`, the lowest index wins.
  public var planeIndex: [Int32]

  /// An empty result.
  public init() {
    t = []
    planeIndex = []
  }

  /// A result of `count` misses.
  ///
  /// Its memory is mapped and written here, so an intersection into it that reuses the storage
  /// (`intersect(_:into:)` with the same ray count) pays no page faults for fresh memory. Make
  /// one at setup for the frame size you will query and pass it to every intersection: for a
  /// full 1920x1440 frame the results are 22 MB, and the first write to fresh memory (a fault
  /// and a zeroing per page) otherwise falls in the first frame's call.
  public init(missesCount count: Int) {
    t = LargeBuffer.filled(count: count, with: .infinity)
    planeIndex = LargeBuffer.filled(count: count, with: -1)
  }

  /// The number of rays.
  public var count: Int { t.count }

  /// Makes this a result for `count` rays, reusing the arrays' storage (contents unspecified:
  /// every intersection path writes every element, so new storage is not filled first).
  mutating func resize(to count: Int) {
    if t.count != count {
      t = []
      planeIndex = []
      t = LargeBuffer.uninitialized(count: count)
      planeIndex = LargeBuffer.uninitialized(count: count)
    }
  }
}
