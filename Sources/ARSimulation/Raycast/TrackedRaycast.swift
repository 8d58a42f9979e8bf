import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A raycast that is re-run on every new frame and reports when its results change (ARKit's
/// `ARSession.trackedRaycast(_:updateHandler:)` and `ARTrackedRaycast`), as a value: the caller
/// feeds frames with `update(world:)`; there are no threads, timers or callbacks.
///
/// Results "change" when their count, order, targets, alignments or anchor identifiers differ, or
/// when a hit moves more than `positionToleranceMeters` or turns its +y or +x axis by more than
/// `rotationTolerance`. The first `update` reports unless it finds no hits (the results start
/// empty). After `stop()`, updates report nothing and the last results are kept.
public struct TrackedRaycast: Sendable, Hashable {
  /// The world-space query, fixed at creation (as in ARKit).
  public let query: RaycastQuery
  /// The raycaster used on every frame.
  public let raycaster: Raycaster
  /// The largest hit movement (metres) that is not a change. Default 0.001.
  public let positionToleranceMeters: Float
  /// The largest axis rotation that is not a change. Default 0.5°.
  public let rotationTolerance: Angle
  /// The most recently reported results, nearest first.
  public private(set) var results: [RaycastResult] = []
  /// Whether `stop()` was called.
  public private(set) var isStopped = false
  /// How many frames have been evaluated.
  public private(set) var updateCount = 0

  /// Creates a tracked raycast; nothing is evaluated until the first `update(world:)`.
  public init(
    query: RaycastQuery, raycaster: Raycaster = Raycaster(),
    positionToleranceMeters: Float = 0.001, rotationTolerance: Angle = .degrees(0.5)
  ) {
    self.query = query
    self.raycaster = raycaster
    self.positionToleranceMeters = positionToleranceMeters
    self.rotationTolerance = rotationTolerance
  }

  /// Re-runs the query on `world`. Returns the new results when they changed (see the type's
  /// documentation), and `nil` when they did not or the raycast is stopped. An empty array means
  /// the hits were lost.
  public mutating func update(world: FrameWorld) -> [RaycastResult]? {
    guard !isStopped else { return nil }
    updateCount += 1
    let fresh = raycaster.raycast(query, in: world)
    guard isChange(from: results, to: fresh) else { return nil }
    results = fresh
    return fresh
  }

  /// Stops tracking (ARKit's `ARTrackedRaycast.stopTracking()`); later updates do nothing.
  public mutating func stop() { isStopped = true }

  func isChange(from old: [RaycastResult], to new: [RaycastResult]) -> Bool {
    guard old.count == new.count else { return true }
    let cosTolerance = Float(cos(rotationTolerance.radians))
    for (a, b) in zip(old, new) {
      if a.target != b.target || a.targetAlignment != b.targetAlignment
        || a.anchorIdentifier != b.anchorIdentifier
      {
        return true
      }
      if a.worldPosition.distance(to: b.worldPosition) > positionToleranceMeters { return true }
      let (ac, bc) = (a.worldTransform.columns, b.worldTransform.columns)
      if ac.1.xyz.dot(bc.1.xyz) < cosTolerance || ac.0.xyz.dot(bc.0.xyz) < cosTolerance {
        return true
      }
    }
    return false
  }
}
