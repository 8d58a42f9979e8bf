import ARSimulation
import SceneFormat
import SpatialMath

/// The ARCore side of a scene spec (`"arcore"`): the scene is recorded by an Android app with
/// ARCore and ML Kit instead of ARKit and Vision. The spec's `device` is then the GPU texture
/// stream (its intrinsics and size), and the app's view and detector follow from:
///
/// JSON: `{"displayGeometry": {"rotation": "ROTATION_0", "width": 1080, "height": 2340},
/// "sensorOrientation"? [90], "imageSize"? [the texture size], "sensorAspectRatio"? [4/3],
/// "depthMode"? ["DISABLED"]}`.
///
/// - The CPU image (`imageSize`) and the texture are the largest centred crops of one sensor of
///   `sensorAspectRatio` (``ARCore/CameraIntrinsics/sameSensorStream(dimensions:sensorAspectRatio:convention:)``).
/// - The camera's roll follows the image rotation θ = `sensorOrientation - rotation` as an ARKit
///   viewport of the interface orientation with that display rotation would.
/// - ML Kit's boxes come from the spec's `detector` model, in pixels of the upright CPU image
///   (turned clockwise by θ, the `rotationDegrees` an app gives `InputImage`): the truth boxes'
///   corners projected by the true camera into the CPU image, turned upright, given the edge
///   noise (CPU image pixels), clipped to the image, rounded to whole pixels as Android's `Rect`.
/// - `depthMode` is the app's `Config.DepthMode`: with the spec's `depth` model, `AUTOMATIC` or
///   `RAW_DEPTH_ONLY` give the app the synthesized depth as ARCore's depth images.
public struct SceneARCoreSpec: Sendable, Hashable {
  /// The display geometry the app set.
  public var displayGeometry: RecordingDisplayGeometry
  /// `CameraCharacteristics.SENSOR_ORIENTATION`: 0, 90, 180 or 270 (default 90).
  public var sensorOrientation: Int
  /// The CPU image size in pixels, or `nil` for the texture's size.
  public var imageSize: Size?
  /// The sensor's aspect ratio (width / height, > 0; default 4/3).
  public var sensorAspectRatio: Double
  /// The app's depth mode (default `DISABLED`).
  public var depthMode: ARCore.Frame.DepthMode

  /// Creates ARCore settings.
  public init(
    displayGeometry: RecordingDisplayGeometry, sensorOrientation: Int = 90,
    imageSize: Size? = nil, sensorAspectRatio: Double = 4.0 / 3.0,
    depthMode: ARCore.Frame.DepthMode = .disabled
  ) {
    self.displayGeometry = displayGeometry
    self.sensorOrientation = sensorOrientation
    self.imageSize = imageSize
    self.sensorAspectRatio = sensorAspectRatio
    self.depthMode = depthMode
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    displayGeometry = try object.required("displayGeometry") {
      try RecordingDisplayGeometry(json: $0, strict: true)
    }
    sensorOrientation =
      try object.optional("sensorOrientation") { value in
        let degrees = try value.number()
        guard [0.0, 90, 180, 270].contains(degrees) else {
          throw InputFileError(
            .invalidValue, "must be 0, 90, 180 or 270, got \(JSONWriter.text(of: degrees))")
        }
        return Int(degrees)
      } ?? 90
    imageSize = try object.optional("imageSize") { value in
      let size = try value.size()
      guard size.isPositiveAndFinite, size.width <= 1e5, size.height <= 1e5,
        size.width == size.width.rounded(), size.height == size.height.rounded()
      else {
        throw InputFileError(
          .invalidValue, "image width and height must be whole numbers in 1...100000")
      }
      return size
    }
    sensorAspectRatio =
      try object.optional("sensorAspectRatio") { value in
        let ratio = try value.positiveNumber()
        guard ratio <= 100, ratio >= 0.01 else {
          throw InputFileError(.invalidValue, "must be in 0.01...100")
        }
        return ratio
      } ?? 4.0 / 3.0
    depthMode =
      try object.optional("depthMode") {
        try $0.named(ARCore.Frame.DepthMode.self, what: "depthMode")
      } ?? .disabled
    _ = try object.extras()
  }

  /// The JSON object (every member written; `imageSize` when given).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "displayGeometry": displayGeometry.jsonValue,
      "sensorOrientation": .number(Double(sensorOrientation)),
      "sensorAspectRatio": .number(sensorAspectRatio),
      "depthMode": .string(depthMode.name),
    ]
    if let imageSize { members["imageSize"] = .size(imageSize) }
    return .object(members)
  }

  /// The image rotation θ in clockwise quarter turns.
  public var imageRotationQuarterTurns: Int {
    ARCore.DisplayGeometry.imageRotationQuarterTurns(
      sensorOrientationDegrees: sensorOrientation, rotation: displayGeometry.rotation)
  }

  /// The ARKit viewport whose view is ARCore's: the view size in pixels, the interface
  /// orientation of display rotation θ.
  public var equivalentViewport: RecordingViewport {
    RecordingViewport(
      size: Size(width: displayGeometry.width, height: displayGeometry.height),
      interfaceOrientation: InterfaceOrientation(quarterTurnsClockwise: imageRotationQuarterTurns))
  }

  /// The recording header's ARCore settings.
  public var session: RecordingARCoreSession {
    RecordingARCoreSession(
      displayGeometry: displayGeometry, sensorOrientation: sensorOrientation, depthMode: depthMode)
  }
}
