import ARSimulation
import SpatialMath

/// One anchor the app had added (`ARAnchor` added with `ARSession.add(anchor:)`, not a plane),
/// as a recorded frame lists it: `{"identifier", "name"?, "transform": [16]}`.
public struct RecordingAppAnchor: Sendable, Hashable {
  /// The anchor identifier (a UUID string on devices); unique within a frame.
  public var identifier: String
  /// The name the app gave it, or `nil`.
  public var name: String?
  /// worldFromAnchor, 16 numbers column-major, rigid.
  public var transform: [Double]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates an anchor; call ``validate()`` to check it.
  public init(
    identifier: String, name: String? = nil, transform: [Double], extras: [String: JSONValue] = [:]
  ) {
    self.identifier = identifier
    self.name = name
    self.transform = transform
    self.extras = extras
  }

  /// The recorded form of `anchor`.
  public init(_ anchor: AppAnchor) {
    self.init(
      identifier: anchor.identifier, name: anchor.name,
      transform: anchor.transform.columnMajor.map(Double.init))
  }

  /// Checks a non-empty identifier and 16 finite transform numbers forming a rigid transform.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the anchor (`transform`).
  public func validate() throws {
    if identifier.isEmpty {
      throw InputFileError(
        .invalidValue, "anchor identifier must not be empty", path: [.key("identifier")])
    }
    do {
      try RecordingValidation.requireCount(transform, 16)
      try RecordingValidation.requireFloatRange(transform)
    } catch let error as InputFileError {
      throw error.prefixed(.key("transform"))
    }
    _ = try appAnchor()
  }

  /// The domain anchor.
  ///
  /// - Throws: ``InputFileError`` at `transform` when the transform is not rigid.
  public func appAnchor() throws -> AppAnchor {
    do {
      let matrix = try Matrix4x4(columnMajor: transform.map { Float($0) })
      return try AppAnchor(identifier: identifier, name: name, transform: matrix)
    } catch {
      throw InputFileError(.invalidValue, "\(error)", path: [.key("transform")])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    identifier = try object.required("identifier") { try $0.string() }
    name = try object.optional("name") { try $0.string() }
    transform = try object.required("transform") { try $0.numbers(count: 16) }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; `name` only when set).
  public var jsonValue: JSONValue {
    var members = extras
    members["identifier"] = .string(identifier)
    if let name { members["name"] = .string(name) }
    members["transform"] = .numbers(transform)
    return .object(members)
  }
}
