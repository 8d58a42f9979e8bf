import ARSimulation

/// New results of a tracked raycast (``SimulatedSession/trackedRaycast(_:)``), reported with
/// the frame in which they changed: what ARKit passes to a tracked raycast's update handler.
public struct TrackedRaycastUpdate: Sendable, Hashable {
  /// The tracked raycast.
  public var id: TrackedRaycastID
  /// Its results in this frame, nearest first; empty when it lost its hits.
  public var results: [RaycastResult]

  /// Creates an update.
  public init(id: TrackedRaycastID, results: [RaycastResult]) {
    self.id = id
    self.results = results
  }
}

/// Names one tracked raycast of a session (ARKit's `ARTrackedRaycast` object); numbered from 1
/// in creation order, never reused.
public struct TrackedRaycastID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number.
  public let rawValue: Int

  init(_ rawValue: Int) { self.rawValue = rawValue }

  /// Orders by creation.
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

  /// `tracked raycast N`.
  public var description: String { "tracked raycast \(rawValue)" }
}
