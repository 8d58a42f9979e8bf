import ARSimulation

extension SimulatedSession {
  /// Starts a raycast that is re-run on every later frame (`ARSession.trackedRaycast(_:
  /// updateHandler:)`): it runs now on the current frame (see ``trackedRaycastResults(_:)``),
  /// and each frame whose hits differ from the last reported ones lists it in
  /// ``SimulatedFrame/trackedRaycastUpdates`` (changes as `TrackedRaycast` defines them). The
  /// query is fixed in world space, as in ARKit.
  public mutating func trackedRaycast(_ query: RaycastQuery) -> TrackedRaycastID {
    trackedRaycastCount += 1
    let id = TrackedRaycastID(trackedRaycastCount)
    var raycast = TrackedRaycast(
      query: query, raycaster: Raycaster(options: options.raycastOptions))
    if let frame = currentFrame { _ = raycast.update(world: frame.world) }
    trackedRaycasts.append((id, raycast))
    return id
  }

  /// The last reported results of a tracked raycast (nearest first), or `nil` when `id` is not
  /// one of this session's running tracked raycasts.
  public func trackedRaycastResults(_ id: TrackedRaycastID) -> [RaycastResult]? {
    trackedRaycasts.first { $0.id == id }?.raycast.results
  }

  /// Stops a tracked raycast (`ARTrackedRaycast.stopTracking()`); later frames do not update it.
  /// Unknown identifiers are ignored.
  public mutating func stopTrackedRaycast(_ id: TrackedRaycastID) {
    trackedRaycasts.removeAll { $0.id == id }
  }

  /// Re-runs every tracked raycast on `frame` and returns those whose results changed.
  mutating func updateTrackedRaycasts(in frame: SimulatedFrame) -> [TrackedRaycastUpdate] {
    var updates: [TrackedRaycastUpdate] = []
    for index in trackedRaycasts.indices {
      if let results = trackedRaycasts[index].raycast.update(world: frame.world) {
        updates.append(TrackedRaycastUpdate(id: trackedRaycasts[index].id, results: results))
      }
    }
    return updates
  }
}
