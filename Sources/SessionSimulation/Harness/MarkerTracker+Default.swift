import Placement

extension MarkerTracker where Filter == AnyPositionFilter {
  /// The package's tracker with its default configuration and filter (`trackingDefault`), the
  /// one the reference placers smooth with.
  static var packageDefault: MarkerTracker<AnyPositionFilter> {
    do {
      return try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
    } catch {
      preconditionFailure("the default tracker configuration is valid: \(error)")
    }
  }
}
