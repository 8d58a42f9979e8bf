import ARSimulation

/// ARCore's display geometry as `Session.setDisplayGeometry` sets it, as in the JSON:
/// `{"rotation": "ROTATION_0", "width": 1080, "height": 2340}` (view pixels, display-rotated).
public struct RecordingDisplayGeometry: Sendable, Hashable {
  /// The display rotation (`Surface.ROTATION_*`).
  public var rotation: ARCore.SurfaceRotation
  /// The view width in pixels (a positive whole number).
  public var width: Double
  /// The view height in pixels (a positive whole number).
  public var height: Double
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a display geometry; call ``validate()`` to check it.
  public init(
    rotation: ARCore.SurfaceRotation, width: Double, height: Double,
    extras: [String: JSONValue] = [:]
  ) {
    self.rotation = rotation
    self.width = width
    self.height = height
    self.extras = extras
  }

  /// The recording form of a display geometry.
  public init(_ geometry: ARCore.DisplayGeometry) {
    self.init(
      rotation: geometry.rotation, width: Double(geometry.widthPixels),
      height: Double(geometry.heightPixels))
  }

  /// Checks the width and height are whole numbers in `1...2^31 - 1`.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the geometry (`width`).
  public func validate() throws {
    for (key, value) in [("width", width), ("height", height)]
    where !(value >= 1 && value <= Double(Int32.max) && value == value.rounded()) {
      throw InputFileError(
        .invalidValue, "must be a whole number of pixels >= 1, got \(JSONWriter.text(of: value))",
        path: [.key(key)])
    }
  }

  /// The domain value.
  ///
  /// - Throws: ``InputFileError`` naming `width` or `height` when ``validate()`` would.
  public var displayGeometry: ARCore.DisplayGeometry {
    get throws {
      try validate()
      return try InputFileError.converting { () throws(ARCoreError) in
        try ARCore.DisplayGeometry(
          rotation: rotation, widthPixels: Int(width), heightPixels: Int(height))
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    rotation = try object.required("rotation") {
      try $0.named(ARCore.SurfaceRotation.self, what: "rotation")
    }
    width = try object.required("width") { try $0.number() }
    height = try object.required("height") { try $0.number() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["rotation"] = .string(rotation.name)
    members["width"] = .number(width)
    members["height"] = .number(height)
    return .object(members)
  }
}
