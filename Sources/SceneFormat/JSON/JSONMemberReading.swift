/// Reads the members of one JSON object for a decoder, keeping track of the members it has not
/// consumed (they become the type's `extras`): ``JSONObjectDecoder`` on a ``JSONValue``,
/// ``JSONObjectReader`` on a ``JSONDocument``'s tape. How members are asked for, what `null`
/// means, the errors and their paths are written once, here. Internal.
///
/// Errors thrown inside `required`/`optional` get the member's key put in front of their path.
/// `null` for an optional member means absent.
package protocol JSONMemberReading {
  /// The form of the member values.
  associatedtype Value: JSONReadable

  /// Whether members nobody read are an error (in ``extras()``).
  var strict: Bool { get }
  /// The value of the member named `key`, marked consumed; `nil` when there is none.
  mutating func take(_ key: String) -> Value?
  /// The members not consumed (in any order).
  func unconsumedMembers() -> [String: JSONValue]
}

extension JSONMemberReading {
  /// The error for a value that should be an object.
  static func notAnObject(_ typeName: String) -> InputFileError {
    InputFileError(.typeMismatch, "expected an object, got \(typeName)")
  }

  /// Treats `key` as read without reading it (a member another decoder handles).
  package mutating func skip(_ key: String) { _ = take(key) }

  /// The member `key` decoded by `body`; a missing member is an error.
  package mutating func required<T>(_ key: String, _ body: (Value) throws -> T) throws -> T {
    guard let value = take(key) else {
      throw InputFileError(.missingField, "missing required member \"\(key)\"")
    }
    do {
      return try body(value)
    } catch let error as InputFileError {
      throw error.prefixed(.key(key))
    }
  }

  /// The member `key` decoded by `body`, or `nil` when it is missing or `null`.
  package mutating func optional<T>(_ key: String, _ body: (Value) throws -> T) throws -> T? {
    guard let value = take(key) else { return nil }
    if value.isNull { return nil }
    do {
      return try body(value)
    } catch let error as InputFileError {
      throw error.prefixed(.key(key))
    }
  }

  /// The members not consumed; in strict mode the first of them (sorted by UTF-8 bytes) is an
  /// error.
  package func extras() throws -> [String: JSONValue] {
    let remaining = unconsumedMembers()
    if strict, let key = remaining.keys.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      throw InputFileError(.unknownField, "unknown member (strict mode)", path: [.key(key)])
    }
    return remaining
  }
}
