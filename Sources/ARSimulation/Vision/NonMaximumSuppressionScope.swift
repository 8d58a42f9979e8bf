/// Which detector candidates may suppress each other in non-maximum suppression (Core ML's
/// `NonMaximumSuppression.PickTop.perClass`).
public enum NonMaximumSuppressionScope: String, CaseNameCodable, Hashable {
  /// Only candidates with the same best class (`perClass = true`): boxes of different classes
  /// on one object survive side by side.
  case perClass
  /// All candidates, whatever their class (`perClass = false`): one box per place.
  case classAgnostic

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
  public var name: String { rawValue }
}
