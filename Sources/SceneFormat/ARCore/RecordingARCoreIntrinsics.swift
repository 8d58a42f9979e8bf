import ARSimulation
import SpatialMath

/// One camera stream's intrinsics as ARCore reports them (`CameraIntrinsics`), as in the JSON:
/// `{"focalLength": [fx, fy], "principalPoint": [cx, cy], "imageDimensions": [w, h]}` (pixels).
public struct RecordingARCoreIntrinsics: Sendable, Hashable {
  /// (fx, fy) in pixels, > 0.
  public var focalLength: SIMD2<Double>
  /// (cx, cy) in pixels.
  public var principalPoint: SIMD2<Double>
  /// The stream's size in pixels, > 0.
  public var imageDimensions: Size
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates intrinsics; call ``validate()`` to check them.
  public init(
    focalLength: SIMD2<Double>, principalPoint: SIMD2<Double>, imageDimensions: Size,
    extras: [String: JSONValue] = [:]
  ) {
    self.focalLength = focalLength
    self.principalPoint = principalPoint
    self.imageDimensions = imageDimensions
    self.extras = extras
  }

  /// The recording form of a stream's intrinsics.
  public init(_ k: ARCore.CameraIntrinsics) {
    self.init(
      focalLength: k.focalLengthPixels, principalPoint: k.principalPointPixels,
      imageDimensions: k.imageDimensions)
  }

  /// Checks positive focal lengths, a finite principal point and a positive size.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the intrinsics (`focalLength[1]`).
  public func validate() throws {
    for (index, f) in [focalLength.x, focalLength.y].enumerated() where !(f > 0 && f.isFinite) {
      throw InputFileError(
        .invalidValue, "focal length must be > 0, got \(JSONWriter.text(of: f))",
        path: [.key("focalLength"), .index(index)])
    }
    do {
      try RecordingValidation.requirePositive(imageDimensions, what: "image")
    } catch let error as InputFileError {
      throw error.prefixed(.key("imageDimensions"))
    }
  }

  /// The domain value.
  ///
  /// - Throws: ``InputFileError`` (`invalidValue`) when the intrinsics are not valid.
  public var intrinsics: ARCore.CameraIntrinsics {
    get throws {
      try validate()
      return try InputFileError.converting { () throws(ARCoreError) in
        try ARCore.CameraIntrinsics(
          focalLengthPixels: focalLength, principalPointPixels: principalPoint,
          imageDimensions: imageDimensions)
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    let f = try object.required("focalLength") { try $0.numbers(count: 2) }
    let c = try object.required("principalPoint") { try $0.numbers(count: 2) }
    focalLength = SIMD2(f[0], f[1])
    principalPoint = SIMD2(c[0], c[1])
    imageDimensions = try object.required("imageDimensions") { try $0.size() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["focalLength"] = .numbers([focalLength.x, focalLength.y])
    members["principalPoint"] = .numbers([principalPoint.x, principalPoint.y])
    members["imageDimensions"] = .size(imageDimensions)
    return .object(members)
  }
}
