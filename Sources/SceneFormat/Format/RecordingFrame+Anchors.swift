extension RecordingFrame {
  /// Decodes `"appAnchors"`.
  mutating func decodeAppAnchors(_ object: inout JSONObjectReader, strict: Bool) throws {
    appAnchors = try object.optional("appAnchors") {
      try $0.array { try RecordingAppAnchor(json: $0, strict: strict) }
    }
  }

  /// Checks every app anchor and that identifiers are unique among the frame's anchors.
  func validateAppAnchors() throws {
    guard let appAnchors else { return }
    var seen = Set(planes.map(\.identifier))
    for (offset, anchor) in appAnchors.enumerated() {
      do {
        try anchor.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("appAnchors"))
      }
      guard seen.insert(anchor.identifier).inserted else {
        throw InputFileError(
          .invalidValue,
          "duplicate anchor identifier \"\(anchor.identifier)\" (also a plane or an earlier anchor)",
          path: [.key("appAnchors"), .index(offset), .key("identifier")])
      }
    }
  }

  /// Writes `"appAnchors"` when recorded.
  func writeAppAnchors(into members: inout [String: JSONValue]) {
    if let appAnchors { members["appAnchors"] = .array(appAnchors.map(\.jsonValue)) }
  }
}
