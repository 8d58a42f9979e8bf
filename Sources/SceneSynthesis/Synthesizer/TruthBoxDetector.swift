import ARSimulation
import SceneFormat
import SpatialMath

/// Vision detections for a recording that has truth boxes but no detections (an imported
/// Objectron clip): each frame's detections are the synthesizer's detector model
/// (``DetectorModelSpec``: box noise, misses, label confusion, confidence, visible fraction)
/// applied to every truth object's box projected through that frame's camera and the header's
/// Vision request.
///
/// A truth object's box is centred on its `position` with edges `size` (metres) along its own
/// axes, turned by the extra member `rotation` (9 numbers, column-major worldFromObject rotation,
/// as ``ObjectronImporter`` writes it; the identity when absent). False positives
/// (`falsePositiveProbability`) and the model's scheduling members (`rateHz`, `latencyFrames`,
/// `candidates`, `tracker`) are not applied: every frame gets its own observations.
public struct TruthBoxDetector: Sendable, Hashable {
  /// The detector model.
  public var model: DetectorModelSpec
  /// The seed of the detector's draws.
  public var seed: UInt64

  /// Creates a detector with a model and a seed.
  public init(model: DetectorModelSpec, seed: UInt64) {
    self.model = model
    self.seed = seed
  }

  /// The world corners of a truth object's box (8), or `nil` when its `rotation` extra is not 9
  /// finite numbers.
  public static func corners(of object: RecordingTruthObject) -> [SIMD3<Float>]? {
    var rotation = Matrix3x3.identity
    if let value = object.extras["rotation"] {
      guard case .array(let items) = value, items.count == 9 else { return nil }
      let numbers = items.compactMap { item -> Float? in
        guard case .number(let n) = item, n.isFinite else { return nil }
        return Float(n)
      }
      guard numbers.count == 9, let matrix = try? Matrix3x3(columnMajor: numbers) else {
        return nil
      }
      rotation = matrix
    }
    let size = SIMD3<Float>(object.size)
    let centre = SIMD3<Float>(object.position)
    var corners: [SIMD3<Float>] = []
    for x: Float in [-0.5, 0.5] {
      for y: Float in [-0.5, 0.5] {
        for z: Float in [-0.5, 0.5] { corners.append(rotation * (SIMD3(x, y, z) * size) + centre) }
      }
    }
    return corners
  }

  /// `recording` with each frame's detections replaced by the model's reports of the truth
  /// boxes (frames keep everything else). Truth objects are taken in their order; each draws
  /// the same number of values on every frame, so a frame's boxes do not depend on earlier
  /// frames' visibility.
  ///
  /// - Throws: ``InputFileError`` (`.missingField` at `truth` or `vision` when the header has
  ///   none, `.invalidValue` naming `truth.objects[i].rotation` or a frame's camera).
  public func addingDetections(to recording: Recording) throws -> Recording {
    guard let truth = recording.header.truth else {
      throw InputFileError(
        .missingField, "the recording has no truth boxes to detect", path: [.key("truth")])
    }
    guard let vision = recording.header.vision else {
      throw InputFileError(
        .missingField, "the recording has no Vision request settings", path: [.key("vision")])
    }
    let settings = try vision.requestSettings()
    let boxes = try truth.objects.enumerated().map { index, object in
      guard let corners = Self.corners(of: object) else {
        throw InputFileError(
          .invalidValue, "must be 9 finite numbers (a column-major rotation)",
          path: [.key("truth"), .key("objects"), .index(index), .key("rotation")])
      }
      return (label: object.label, corners: corners)
    }
    let labels = Array(Set(truth.objects.map(\.label))).sorted()
    var random = SceneSynthesizer.stream(seed, salt: 0xDE7E_C702)
    var result = recording
    for index in result.frames.indices {
      let camera: Camera
      let geometry: VisionGeometry
      do {
        camera = try result.frames[index].simulatedCamera()
        geometry = try VisionGeometry(settings: settings, imageResolution: camera.imageResolution)
      } catch {
        throw InputFileError(
          .invalidValue, "\(error)", path: [.key("frames"), .index(index), .key("camera")])
      }
      result.frames[index].detections = boxes.compactMap { box in
        guard
          let report = SceneSynthesizer.objectReport(
            corners: box.corners, label: box.label, labels: labels, camera: camera,
            geometry: geometry, model: model, random: &random),
          !report.missed,
          let visible = SceneSynthesizer.visibleBox(report.visionBox, model)
        else { return nil }
        return RecordingDetection(
          label: report.label, confidence: report.confidence, boundingBox: visible)
      }
    }
    try result.validate()
    return result
  }
}
