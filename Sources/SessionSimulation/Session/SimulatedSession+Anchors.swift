import ARSimulation

extension SimulatedSession {
  /// Adds `anchor` with the next frame (`ARSession.add(anchor:)`): it appears in that frame's
  /// ``SimulatedFrame/appAnchors`` and ``AnchorChanges/addedAppAnchors``, carrying the tracking
  /// error of the current frame, and moves with later tracking corrections as ARKit moves its
  /// anchors (see ``AppAnchorStore``). Adding an identifier the session already has does
  /// nothing.
  ///
  /// With ``nextFrames(upTo:threadCount:continuingAfterErrors:)`` reading several frames at
  /// once, requests take effect with the first frame of the next call.
  public mutating func add(anchor: AppAnchor) {
    appAnchorStore.enqueue(.add(anchor))
  }

  /// Removes `anchor` (by identifier) with the next frame (`ARSession.remove(anchor:)`); it is
  /// then in ``AnchorChanges/removedAppAnchors``. Removing an anchor the session does not have
  /// (a recorded one, or one already removed) does nothing.
  public mutating func remove(anchor: AppAnchor) {
    appAnchorStore.enqueue(.remove(identifier: anchor.identifier))
  }

  /// Applies an app's requests (``add(anchor:)`` and ``remove(anchor:)`` in their order).
  public mutating func apply(_ requests: AppAnchorRequests) {
    appAnchorStore.enqueue(requests)
  }

  /// The anchors the app added through the session, as of the current frame.
  public var addedAnchors: [AppAnchor] { appAnchorStore.anchors }

  /// Moves the session's anchors to `frame` and lists them after the recorded ones (leaving
  /// out any with a recorded anchor's identifier).
  mutating func addSessionAnchors(to frame: inout SimulatedFrame) {
    frame.trackingErrorTimeline = appAnchorStore.timeline
    let own = appAnchorStore.advance(
      toTimestamp: frame.timestamp, cameraPosition: frame.camera.transform.columns.3.xyz)
    guard !own.isEmpty else { return }
    if frame.appAnchors.isEmpty {
      frame.appAnchors = own
      return
    }
    let recorded = Set(frame.appAnchors.map(\.identifier))
    frame.appAnchors += own.filter { !recorded.contains($0.identifier) }
  }
}
