/// An enumeration that is written in JSON and on the command line by case name (`"right"`,
/// `"centerCrop"`), whatever its raw value (EXIF, ARKit and Vision raw values are numbers).
///
/// Decoding an unknown name throws a `DecodingError.dataCorrupted` whose message lists the valid
/// names and whose coding path says where the bad value was. Conforming types implement `Codable`
/// by calling `decodeByName(from:)` and `encodeName(to:)`.
public protocol CaseNameCodable: Codable, CaseIterable, Sendable {
  /// The case name used in JSON and on the command line.
  var name: String { get }
}

extension CaseNameCodable {
  /// The case with this name, or `nil` when no case has it (names are case-sensitive).
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// The valid names, in declaration order, for error messages and `--help`.
  public static var allNames: [String] { allCases.map(\.name) }

  /// Decodes a case from its name; conforming types call this from `init(from:)` (compiler
  /// synthesis of enum `Codable` would otherwise win over a protocol extension).
  public static func decodeByName(from decoder: any Decoder) throws -> Self {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let value = Self(name: name) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "unknown \(Self.self) \"\(name)\"; expected one of \(Self.allNames.joined(separator: ", "))"
      )
    }
    return value
  }

  /// Encodes the case name; conforming types call this from `encode(to:)`.
  public func encodeName(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
