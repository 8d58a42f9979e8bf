import SpatialMath

/// The camera of one recorded frame (`ARFrame.camera`), exactly as in the JSON:
/// `{"transform": [16], "intrinsics": [9], "imageResolution": [w, h]}`.
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
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a camera; call ``validate()`` to check it.
  public init(
    transform: [Double], intrinsics: [Double], imageResolution: Size,
    extras: [String: JSONValue] = [:]
  ) {
    self.transform = transform
    self.intrinsics = intrinsics
    self.imageResolution = imageResolution
    self.extras = extras
  }

  /// The pose as a `Float` matrix (worldFromCamera), or `nil` when ``transform`` does not hold
  /// 16 numbers.
  public var worldFromCamera: Matrix4x4? {
    try? Matrix4x4(columnMajor: transform.map { Float($0) })
  }

  /// Checks the transform is 16 finite numbers forming a rigid transform, the intrinsics are 9
  /// finite numbers with fx, fy > 0, and the image size is positive.
  ///
  /// - Throws: ``RecordingError`` with a path relative to the camera (`intrinsics[0]`).
  public func validate() throws {
    do {
      try RecordingValidation.requireRigid(transform)
    } catch let error as RecordingError {
      throw error.prefixed(.key("transform"))
    }
    do {
      try RecordingValidation.requireCount(intrinsics, 9)
      try RecordingValidation.requireFinite(intrinsics)
      for index in [0, 4] where !(intrinsics[index] > 0) {
        throw RecordingError(
          .invalidValue, "focal length must be > 0, got \(JSONWriter.text(of: intrinsics[index]))",
          path: [.index(index)])
      }
    } catch let error as RecordingError {
      throw error.prefixed(.key("intrinsics"))
    }
    do {
      try RecordingValidation.requirePositive(imageResolution, what: "image")
    } catch let error as RecordingError {
      throw error.prefixed(.key("imageResolution"))
    }
  }

  package init(json: JSONValue, strict: Bool) throws {
    var object = try JSONObjectDecoder(json, strict: strict)
    transform = try object.required("transform") { try $0.numbers(count: 16) }
    intrinsics = try object.required("intrinsics") { try $0.numbers(count: 9) }
    imageResolution = try object.required("imageResolution") { try $0.size() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["transform"] = .numbers(transform)
    members["intrinsics"] = .numbers(intrinsics)
    members["imageResolution"] = .size(imageResolution)
    return .object(members)
  }
}
