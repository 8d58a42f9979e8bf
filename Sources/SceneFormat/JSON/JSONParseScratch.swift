/// The parser's stacks of the elements and member names of the arrays and objects still open.
///
/// Values are kept in manually managed storage so that a closing array moves its elements into
/// an array of exactly their count (one allocation, no retain/release pairs) instead of growing
/// an array element by element. The owner calls `release()` once, after the last use (on
/// success and on error), which destroys whatever is left.
struct JSONParseScratch {
  private var values: UnsafeMutablePointer<JSONValue>?
  private var capacity = 0
  /// The number of values on the stack.
  private(set) var valueCount = 0
  /// Member names of the open objects, in order (parallel to their values).
  var keys: [String] = []

  /// Pushes `value`.
  @inline(__always)
  mutating func push(_ value: JSONValue) {
    if valueCount == capacity { grow() }
    (values! + valueCount).initialize(to: value)
    valueCount += 1
  }

  private mutating func grow() {
    let newCapacity = max(64, capacity * 2)
    let storage = UnsafeMutablePointer<JSONValue>.allocate(capacity: newCapacity)
    if let values {
      storage.moveInitialize(from: values, count: valueCount)
      values.deallocate()
    }
    values = storage
    capacity = newCapacity
  }

  /// Moves the values from `base` to the top into a new array (in order).
  mutating func popValues(from base: Int) -> [JSONValue] {
    let count = valueCount - base
    guard count > 0, let values else { return [] }
    let result = [JSONValue](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.baseAddress!.moveInitialize(from: values + base, count: count)
      initialized = count
    }
    valueCount = base
    return result
  }

  /// Moves the values from `base` and the keys from `keyBase` (already checked for duplicates)
  /// into a dictionary of their count.
  mutating func popMembers(from base: Int, keysFrom keyBase: Int) -> [String: JSONValue] {
    let count = valueCount - base
    var members = [String: JSONValue](minimumCapacity: count)
    guard count > 0, let values else { return members }
    for offset in 0..<count {
      members[keys[keyBase + offset]] = (values + base + offset).move()
    }
    valueCount = base
    keys.removeSubrange(keyBase...)
    return members
  }

  /// Destroys the values left (after an error) and frees the storage.
  mutating func release() {
    guard let values else { return }
    values.deinitialize(count: valueCount)
    values.deallocate()
    self.values = nil
    capacity = 0
    valueCount = 0
    keys = []
  }
}
