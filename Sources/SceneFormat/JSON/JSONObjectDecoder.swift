/// Reads the members of one parsed JSON object (a ``JSONValue``) for a decoder; the accessors
/// and errors are ``JSONMemberReading``'s, shared with ``JSONObjectReader``. Internal.
package struct JSONObjectDecoder: JSONMemberReading {
  /// The object's members, read without copying (a mutated copy would cost an allocation and a
  /// rehash per object).
  package let members: [String: JSONValue]
  /// The keys read so far (each once), in order; `extras()` is every other member.
  private var consumedKeys: [String] = []
  package let strict: Bool

  package init(_ value: JSONValue, strict: Bool) throws {
    guard case .object(let members) = value else { throw Self.notAnObject(value.typeName) }
    self.members = members
    self.strict = strict
    consumedKeys.reserveCapacity(members.count)
  }

  package mutating func take(_ key: String) -> JSONValue? {
    guard let value = members[key] else { return nil }
    // Once per key: the count decides whether any member is left for `extras()`.
    if !consumedKeys.contains(key) { consumedKeys.append(key) }
    return value
  }

  package func unconsumedMembers() -> [String: JSONValue] {
    guard consumedKeys.count < members.count else { return [:] }
    return members.filter { !consumedKeys.contains($0.key) }
  }
}
