import SessionSimulation

/// The placement code of a small AR app that pins markers on the buttons of a car dashboard,
/// written once against ``PlacementFrame`` (what it reads of an `ARFrame`), so the same code
/// runs on the phone over `ARKitBridge`'s `ARSessionFrame` and in tests over a
/// `SimulatedFrame`: each frame, every confident Vision observation's box centre goes through
/// the inverse of the Vision request's geometry, the display transform and
/// `raycastQuery(from:)`; the first hit feeds ``ButtonMarkerSmoother``, which decides what the
/// app draws.
public struct ButtonMarkerPlacer: MarkerPlacer {
  /// Settings the app exposes.
  public struct Configuration: Sendable {
    /// Observations below this confidence are ignored.
    public var minimumConfidence: Float = 0.5
    /// Where raycasts may stop, tried in order.
    public var targets: [RaycastQuery.Target] = [.existingPlaneGeometry, .estimatedPlane]
    /// The Vision settings to invert boxes with when they are not the frame's own (an app bug
    /// the tests can provoke); `nil` uses the frame's.
    public var assumedVisionRequest: VisionRequestSettings?

    /// The app's defaults.
    public init() {}
  }

  /// The configuration.
  public var configuration: Configuration
  var smoother = ButtonMarkerSmoother()

  /// A placer with `configuration`.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The markers to draw after `frame`, the code the app runs for each frame on the device:
  /// `observations` are the Vision results for this frame's image and `visionRequest` the
  /// settings of the request that made them (orientation, region of interest, crop and scale,
  /// model input size).
  public mutating func markers(
    for frame: some PlacementFrame, observations: [Detection],
    visionRequest: VisionRequestSettings?
  ) -> [PlacedMarker] {
    var hits: [(label: String, position: SIMD3<Float>)] = []
    for observation in observations
    where observation.confidence >= configuration.minimumConfidence {
      guard let label = observation.labels.first?.identifier,
        let position = worldPosition(
          of: observation.boundingBox, in: frame, visionRequest: visionRequest)
      else { continue }
      hits.append((label, position))
    }
    return smoother.update(with: hits, at: frame.timestamp)
  }

  /// The markers to draw after a simulated `frame`, which carries the observations and their
  /// request settings itself (the harness's entry point).
  public mutating func markers(for frame: SimulatedFrame) -> [PlacedMarker] {
    markers(for: frame, observations: frame.observations, visionRequest: frame.visionRequest)
  }

  /// Vision box (normalized, lower-left origin) -> world point on a surface, or `nil`.
  func worldPosition(
    of box: Rect, in frame: some PlacementFrame, visionRequest: VisionRequestSettings?
  ) -> SIMD3<Float>? {
    guard let request = configuration.assumedVisionRequest ?? visionRequest,
      let vision = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution),
      let display = frame.displayTransform(
        for: frame.viewport.interfaceOrientation, viewportSize: frame.viewport.size)
    else { return nil }
    let imagePoint = vision.imageNormalizedPoint(forVisionPoint: Point(x: box.midX, y: box.midY))
    let viewportPoint = imagePoint.applying(display)
    for target in configuration.targets {
      guard let query = frame.raycastQuery(from: viewportPoint, allowing: target, alignment: .any)
      else { continue }
      if let hit = frame.raycast(query).first { return hit.worldPosition }
    }
    return nil
  }
}
