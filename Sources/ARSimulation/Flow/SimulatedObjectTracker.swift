import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A simulated `VNTrackObjectRequest`: a box seeded from an observation on one frame and carried
/// from frame to frame by the true image motion of the surface under it, with the drift,
/// confidence decay and loss of an ``ObjectTrackerModel``.
///
/// Boxes are in the tracking request's Vision coordinates (``VisionRequestType/trackObject``:
/// normalized to the oriented image's region of interest, lower-left origin, no crop), like the
/// `boundingBox` of the `VNDetectedObjectObservation` the request is seeded with and returns.
/// Seed it with a detector box only after converting that box out of the model-input space
/// (`VisionGeometry` of the detector request, then ``visionBox(forImageNormalizedRect:)`` of
/// this one's): a `centerCrop` box used as is lands somewhere else.
///
/// Each ``track(to:motion:)`` call is one frame: the box's four corners move by the homography
/// the plane under the box centre induces between the previous and the new camera, then drift.
public struct SimulatedObjectTracker: Sendable {
  /// One tracking result (`VNDetectedObjectObservation`).
  public struct Observation: Sendable, Hashable {
    /// The box in the request's Vision coordinates (lower-left origin).
    public let boundingBox: Rect
    /// The tracker's confidence, 0...1.
    public let confidence: Double
  }

  /// The error model.
  public let model: ObjectTrackerModel
  /// The tracking request's geometry (orientation and region of interest; no crop).
  public let geometry: VisionGeometry
  /// The box on the last tracked frame, stored-image normalized (top-left origin).
  public private(set) var imageNormalizedBox: Rect
  /// The confidence on the last tracked frame.
  public private(set) var confidence: Double
  /// Whether the object has been lost (then ``track(to:motion:)`` returns `nil`).
  public private(set) var isLost = false
  /// The camera of the last tracked frame.
  public private(set) var camera: Camera
  private var random: SplitMix64

  /// Seeds a tracker with a box on the frame seen by `camera`.
  ///
  /// - Parameters:
  ///   - boundingBox: the box in the tracking request's Vision coordinates (lower-left origin).
  ///   - geometry: the tracking request's geometry, built for ``VisionRequestType/trackObject``.
  ///   - confidence: the starting confidence (the seed observation's), clamped to 0...1.
  ///   - seed: the tracker's random stream.
  public init(
    boundingBox: Rect, geometry: VisionGeometry, camera: Camera, confidence: Double = 1,
    model: ObjectTrackerModel = .default, seed: UInt64
  ) {
    self.model = model
    self.geometry = geometry
    self.camera = camera
    imageNormalizedBox = geometry.imageNormalizedRect(forVisionRect: boundingBox).standardized
    self.confidence = confidence.isFinite ? min(max(confidence, 0), 1) : 0
    random = SplitMix64(seed: seed)
    if !imageNormalizedBox.isFinite { isLost = true }
  }

  /// The box on the last tracked frame in the request's Vision coordinates.
  public var boundingBox: Rect { geometry.visionRect(forImageNormalizedRect: imageNormalizedBox) }

  /// Tracks the object into the next frame, seen by `camera`, with the true motion given by
  /// `motion`'s surfaces; returns the new observation, or `nil` when the object is lost on this
  /// frame or was lost before. Always draws ``ObjectTrackerModel/drawsPerFrame`` values while
  /// not lost.
  public mutating func track(to camera: Camera, motion: OpticalFlowSimulator) -> Observation? {
    guard !isLost else { return nil }
    let gx = random.nextGaussian()
    let gy = random.nextGaussian()
    let gw = random.nextGaussian()
    let gh = random.nextGaussian()
    let lossDraw = random.nextUnitDouble()
    let resolution = self.camera.imageResolution
    let pixels = imageNormalizedBox.scaled(x: resolution.width, y: resolution.height)
    guard let seen = motion.surfacePoint(atImagePixel: pixels.center, camera: self.camera),
      let h = Homography.planeInduced(by: seen.plane, from: self.camera, to: camera)
    else { return lose() }
    let corners = [
      Point(x: pixels.minX, y: pixels.minY), Point(x: pixels.maxX, y: pixels.minY),
      Point(x: pixels.minX, y: pixels.maxY), Point(x: pixels.maxX, y: pixels.maxY),
    ].compactMap { h.apply(to: $0) }
    guard corners.count == 4, let movedCenter = h.apply(to: pixels.center) else { return lose() }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let width = (xs.max()! - xs.min()!) * exp(model.scaleDriftPerFrame * gw)
    let height = (ys.max()! - ys.min()!) * exp(model.scaleDriftPerFrame * gh)
    let center = Point(
      x: movedCenter.x + model.driftPixelsPerFrame * gx,
      y: movedCenter.y + model.driftPixelsPerFrame * gy)
    let motionPixels = movedCenter.distance(to: pixels.center)
    confidence *=
      (1 - model.confidenceDecayPerFrame)
      * exp(-model.confidenceLossPerPixelOfMotion * motionPixels)
    let size = camera.imageResolution
    let inside = center.x >= 0 && center.x < size.width && center.y >= 0 && center.y < size.height
    guard inside, center.isFinite, width.isFinite, height.isFinite,
      confidence >= model.minimumConfidence, lossDraw >= model.lossProbabilityPerFrame
    else { return lose() }
    self.camera = camera
    imageNormalizedBox = Rect(
      x: (center.x - width / 2) / size.width, y: (center.y - height / 2) / size.height,
      width: width / size.width, height: height / size.height)
    return Observation(boundingBox: boundingBox, confidence: confidence)
  }

  private mutating func lose() -> Observation? {
    isLost = true
    return nil
  }
}
