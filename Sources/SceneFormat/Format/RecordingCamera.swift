import ARSimulation
import SpatialMath

/// The camera of one recorded frame (`ARFrame.camera`), exactly as in the JSON:
/// `{"transform": [16], "intrinsics": [9], "imageResolution": [w, h], "distortion"?,
/// "trackingState"?, "trackingStateReason"?}` (`distortion` and the tracking state optional).
/// This is the one JSON form of a camera: `Camera` converts from it (``camera()``) and to it
/// (``init(_:)``).
///
/// Numbers are kept as `Double` so that a re-written file has the same values; ``worldFromCamera``
/// converts to the `Float` geometry of the simulator.
public struct RecordingCamera: Sendable, Hashable {
  /// worldFromCamera, 16 numbers column-major (`columns.3` is the camera position in world
  /// metres); camera space is ARKit's (+x right of the image, +y up, looking along -z). Rigid.
  public var transform: [Double]
  /// ARKit intrinsics in pixels, 9 numbers column-major: fx, 0, 0, 0, fy, 0, ox, oy, 1.
  public var intrinsics: [Double]
  /// The captured (landscape sensor) image size in pixels.
  public var imageResolution: Size
  /// The lens distortion of the captured image, or `nil` for an ideal pinhole (the JSON omits
  /// `distortion`).
  public var distortion: RecordingLensDistortion?
  /// ARKit's tracking state when the recording has it (`"trackingState": "normal" |
  /// "notAvailable" | "limited"`, and `"trackingStateReason"` exactly when `limited`), else `nil`.
  public var trackingState: Camera.TrackingState?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a camera; call ``validate()`` to check it.
  public init(
    transform: [Double], intrinsics: [Double], imageResolution: Size,
    distortion: RecordingLensDistortion? = nil, trackingState: Camera.TrackingState? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.transform = transform
    self.intrinsics = intrinsics
    self.imageResolution = imageResolution
    self.distortion = distortion
    self.trackingState = trackingState
    self.extras = extras
  }

  /// The pose as a `Float` matrix (worldFromCamera), or `nil` when ``transform`` does not hold
  /// 16 numbers.
  public var worldFromCamera: Matrix4x4? {
    try? Matrix4x4(columnMajor: transform.map { Float($0) })
  }

  /// Checks the transform is 16 finite numbers forming a rigid transform, the intrinsics are 9
  /// finite numbers within `Float`'s range with fx, fy > 0 (and `Float`-normal), the image size is positive and the distortion coefficients
  /// (when present) are finite.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the camera (`intrinsics[0]`).
  public func validate() throws {
    do {
      try RecordingValidation.requireRigid(transform)
    } catch let error as InputFileError {
      throw error.prefixed(.key("transform"))
    }
    do {
      try RecordingValidation.requireCount(intrinsics, 9)
      try RecordingValidation.requireFloatRange(intrinsics)
      for index in [0, 4] where !(intrinsics[index] > 0) {
        throw InputFileError(
          .invalidValue, "focal length must be > 0, got \(JSONWriter.text(of: intrinsics[index]))",
          path: [.index(index)])
      }
      // Held as Float: a focal length below its normal range would be a subnormal or zero.
      for index in [0, 4] where !Float(intrinsics[index]).isNormal {
        throw InputFileError(
          .invalidValue,
          "focal length must be at least Float's smallest normal value "
            + "(\(Float.leastNormalMagnitude)), got \(JSONWriter.text(of: intrinsics[index]))",
          path: [.index(index)])
      }
    } catch let error as InputFileError {
      throw error.prefixed(.key("intrinsics"))
    }
    do {
      try RecordingValidation.requirePositive(imageResolution, what: "image")
    } catch let error as InputFileError {
      throw error.prefixed(.key("imageResolution"))
    }
    do {
      try distortion?.validate()
    } catch let error as InputFileError {
      throw error.prefixed(.key("distortion"))
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    transform = try object.required("transform") { try $0.numbers(count: 16) }
    intrinsics = try object.required("intrinsics") { try $0.numbers(count: 9) }
    imageResolution = try object.required("imageResolution") { try $0.size() }
    distortion = try object.optional("distortion") {
      try RecordingLensDistortion(json: $0, strict: strict)
    }
    let stateName = try object.optional("trackingState") { try $0.string() }
    let reason = try object.optional("trackingStateReason") {
      try $0.named(Camera.TrackingState.Reason.self, what: "trackingStateReason")
    }
    trackingState = try Self.trackingState(name: stateName, reason: reason)
    extras = try object.extras()
    try validate()
  }

  /// The state of a recorded name and reason (both optional members).
  ///
  /// - Throws: ``InputFileError`` naming `trackingState` (unknown name) or `trackingStateReason`
  ///   (a reason without `limited`, or `limited` without a reason).
  static func trackingState(name: String?, reason: Camera.TrackingState.Reason?) throws
    -> Camera.TrackingState?
  {
    guard let name else {
      guard reason == nil else {
        throw InputFileError(
          .invalidValue, "a reason needs \"trackingState\": \"limited\"",
          path: [.key("trackingStateReason")])
      }
      return nil
    }
    guard Camera.TrackingState.allNames.contains(name) else {
      let valid = Camera.TrackingState.allNames.joined(separator: ", ")
      throw InputFileError(
        .invalidValue, "unknown trackingState \"\(name)\"; valid: \(valid)",
        path: [.key("trackingState")])
    }
    guard let state = Camera.TrackingState(name: name, reason: reason) else {
      throw InputFileError(
        .invalidValue,
        name == "limited"
          ? "\"limited\" needs a reason: "
            + Camera.TrackingState.Reason.allNames.joined(separator: ", ")
          : "only \"limited\" has a reason, not \"\(name)\"",
        path: [.key("trackingStateReason")])
    }
    return state
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["transform"] = .numbers(transform)
    members["intrinsics"] = .numbers(intrinsics)
    members["imageResolution"] = .size(imageResolution)
    if let distortion { members["distortion"] = distortion.jsonValue }
    if let trackingState {
      members["trackingState"] = .string(trackingState.name)
      if let reason = trackingState.reason { members["trackingStateReason"] = .string(reason.name) }
    }
    return .object(members)
  }
}
