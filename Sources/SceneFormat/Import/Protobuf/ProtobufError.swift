/// Input that is not well-formed protocol buffer wire format, at a byte offset.
package struct ProtobufError: Error, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Sendable, Hashable {
    /// A value or length runs past the end of its message or of the input.
    case truncated
    /// Bytes that no encoder writes (a varint over 64 bits, field number 0, a group).
    case malformed
    /// A known field with a wire type its declared type never has.
    case wrongWireType
  }

  /// What went wrong.
  package var kind: Kind
  /// What, in words.
  package var message: String
  /// The absolute byte offset in the input where the offending value starts.
  package var offset: Int

  /// Creates an error.
  package init(_ kind: Kind, _ message: String, offset: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// `byte N: message`.
  package var description: String { "byte \(offset): \(message)" }
}
