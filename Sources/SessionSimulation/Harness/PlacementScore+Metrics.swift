extension PlacementScore {
  /// One number of a score: its key in `arsim score --json` (and in `--require`), what it
  /// measures, and how to read it from a score (`nil` when undefined).
  public struct Metric: Sendable {
    /// The JSON key (`mota`, `placementErrorRmsMm`, ...).
    public let key: String
    /// What it measures, with its unit.
    public let summary: String
    /// Whether larger is better (for messages; `--require` takes any comparison).
    public let largerIsBetter: Bool
    let read: @Sendable (PlacementScore) -> Double?

    /// The value in `score`, or `nil` when it is undefined (written `null`).
    public func value(in score: PlacementScore) -> Double? {
      read(score).flatMap { $0.isFinite ? $0 : nil }
    }
  }

  /// Every number of a score, in the order `arsim score` prints them: the one table the JSON
  /// writer, `--require`, the help text and the JSON Schema test read.
  public static let metricTable: [Metric] = [
    Metric(
      key: "frames", summary: "frames scored", largerIsBetter: true,
      read: { Double($0.frameCount) }),
    Metric(
      key: "matchThresholdMeters",
      summary: "distance within which a marker matches a truth object of its label, metres",
      largerIsBetter: false,
      // The Float's shortest decimal form, as replay writes it (0.04, not 0.03999999910593033).
      read: { Double($0.metrics.matchThresholdMeters.description) }),
    Metric(
      key: "mota", summary: "multiple object tracking accuracy (1 is perfect)",
      largerIsBetter: true, read: { $0.metrics.tracking.mota }),
    Metric(
      key: "idf1", summary: "identity F1 (1 is perfect)", largerIsBetter: true,
      read: { $0.metrics.tracking.idf1 }),
    Metric(
      key: "idSwitches", summary: "times a truth object's marker changed id",
      largerIsBetter: false, read: { Double($0.idSwitches) }),
    Metric(
      key: "misses", summary: "truth object-frames in view without a matching marker",
      largerIsBetter: false, read: { Double($0.misses) }),
    Metric(
      key: "falsePositives", summary: "marker-frames in view matching no truth object",
      largerIsBetter: false, read: { Double($0.falsePositives) }),
    Metric(
      key: "truthObjectFrames", summary: "truth object-frames in view (the MOTA denominator)",
      largerIsBetter: true, read: { Double($0.metrics.tracking.truthCount) }),
    Metric(
      key: "placementErrorRmsMm",
      summary: "RMS error of the markers shown at the end that match a truth object, mm",
      largerIsBetter: false, read: { $0.metrics.placementErrorRMSMillimeters }),
    Metric(
      key: "placementErrorMaxMm", summary: "largest of those errors, mm", largerIsBetter: false,
      read: { $0.metrics.placementErrorMaxMillimeters }),
    Metric(
      key: "asPlacedErrorRmsMm",
      summary:
        "RMS distance of every shown marker in every frame to the nearest truth object of its "
        + "label, however far, mm",
      largerIsBetter: false, read: { $0.asPlacedErrorRMSMillimeters }),
    Metric(
      key: "jitterRmsMm", summary: "RMS frame-to-frame motion of shown markers, mm",
      largerIsBetter: false, read: { $0.metrics.jitterRMSMillimeters }),
    Metric(
      key: "reprojectionErrorRmsPx",
      summary: "RMS image distance between matched markers and their truth objects, pixels",
      largerIsBetter: false, read: { $0.metrics.reprojectionErrorRMSPixels }),
    Metric(
      key: "missedObjects", summary: "truth objects never matched by a shown marker",
      largerIsBetter: false, read: { Double($0.missedObjects) }),
    Metric(
      key: "falseMarkers", summary: "markers shown at the end that match no truth object",
      largerIsBetter: false, read: { Double($0.falseMarkers) }),
    Metric(
      key: "timeToFirstMarkerMaxSeconds",
      summary: "seconds until every truth object had had a matching marker",
      largerIsBetter: false, read: { $0.timeToFirstMarkerMaxSeconds }),
  ]

  /// The metric with JSON key `key`, or `nil`.
  public static func metric(named key: String) -> Metric? {
    metricTable.first { $0.key == key }
  }
}
