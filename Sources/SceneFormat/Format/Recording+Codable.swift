// Codable conformances of the recording types. They go through `JSONValue`, so the canonical
// member names, validation, error paths (a thrown `InputFileError`) and unknown-member
// preservation are the same as with `Recording(jsonBytes:)`; that path is also the fast one.

extension Recording: Codable {
  /// Decodes and validates (lenient: unknown members are kept).
  public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingHeader: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws {
    try self.init(json: JSONValue(from: decoder))
  }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingFrame: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingCamera: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws {
    try self.init(json: JSONValue(from: decoder), strict: false)
  }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingPlane: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws {
    try self.init(json: JSONValue(from: decoder), strict: false)
  }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingPlaneList: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension RecordingDetection: Codable {
  /// Decodes and validates (lenient).
  public init(from decoder: any Decoder) throws {
    try self.init(json: JSONValue(from: decoder), strict: false)
  }
  /// Encodes the canonical members plus extras.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
