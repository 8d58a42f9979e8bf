import ARSimulation
import SpatialMath

/// The on-screen view and its orientation, as in the JSON: `{"size": [w, h],
/// "interfaceOrientation"}`. Used in the header and as an optional per-frame override.
public struct RecordingViewport: Sendable, Hashable {
  /// The viewport size in points (> 0).
  public var size: Size
  /// The interface orientation.
  public var interfaceOrientation: InterfaceOrientation
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a viewport; call ``validate()`` to check it.
  public init(
    size: Size, interfaceOrientation: InterfaceOrientation, extras: [String: JSONValue] = [:]
  ) {
    self.size = size
    self.interfaceOrientation = interfaceOrientation
    self.extras = extras
  }

  /// Checks the size is positive.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the viewport (`size[0]`).
  public func validate() throws {
    do {
      try RecordingValidation.requirePositive(size, what: "viewport")
    } catch let error as InputFileError {
      throw error.prefixed(.key("size"))
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    size = try object.required("size") { try $0.size() }
    interfaceOrientation = try object.required("interfaceOrientation") {
      try $0.named(InterfaceOrientation.self, what: "interfaceOrientation")
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["size"] = .size(size)
    members["interfaceOrientation"] = .string(interfaceOrientation.name)
    return .object(members)
  }
}
