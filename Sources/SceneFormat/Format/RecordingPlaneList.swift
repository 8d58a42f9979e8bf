import Foundation

/// A plane list on its own (<doc:RecordingFormat>): `{"planes": [...]}` with the same plane objects as a
/// frame. Identifiers must be unique.
public struct RecordingPlaneList: Sendable, Hashable {
  /// The planes.
  public var planes: [RecordingPlane]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a list; call ``validate()`` to check it.
  public init(planes: [RecordingPlane], extras: [String: JSONValue] = [:]) {
    self.planes = planes
    self.extras = extras
  }

  /// Checks every plane and that identifiers are unique.
  ///
  /// - Throws: ``InputFileError`` with a path from the root (`planes[2].extent.width`).
  public func validate() throws {
    // A frame performs exactly these checks on its planes.
    var probe = RecordingFrame(
      timestamp: 0,
      camera: RecordingCamera(
        transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        intrinsics: [1, 0, 0, 0, 1, 0, 0, 0, 1],
        imageResolution: .init(width: 1, height: 1)))
    probe.planes = planes
    try probe.validate()
  }

  /// Decodes and validates a plane list from a parsed JSON object; more planes than
  /// `limits.maximumPlanesPerFrame` is `.limitExceeded` at `planes`.
  public init(json: JSONValue, strict: Bool = false, limits: RecordingLimits = .default) throws {
    self = try JSONDocument.withElement(of: json) {
      try RecordingPlaneList(json: $0, strict: strict, limits: limits)
    }
  }

  /// Decodes and validates a plane list from a document's element.
  package init(json: JSONElement, strict: Bool, limits: RecordingLimits) throws {
    if let planes = json.member("planes")?.arrayCount {
      try limits.checkPlaneCount(planes, path: [.key("planes")])
    }
    var object = try JSONObjectReader(json, strict: strict)
    planes = try object.required("planes") {
      try $0.array { try RecordingPlane(json: $0, strict: strict) }
    }
    extras = try object.extras()
    try validate()
  }

  /// Reads a plane-list file; errors name `path`. Reading stops past
  /// ``RecordingLimits/maximumDocumentBytes`` (`.limitExceeded`).
  public init(
    contentsOfFile path: String, strict: Bool = false, limits: RecordingLimits = .default
  ) throws {
    let data = try FileReading.contents(
      ofFile: path, maximumBytes: limits.maximumDocumentBytes)
    do {
      self = try data.withUnsafeBufferPointer {
        try JSONDocument.parse($0, maximumDepth: limits.parserDepth) {
          try RecordingPlaneList(json: $0, strict: strict, limits: limits)
        }
      }
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["planes"] = .array(planes.map(\.jsonValue))
    return .object(members)
  }
}
