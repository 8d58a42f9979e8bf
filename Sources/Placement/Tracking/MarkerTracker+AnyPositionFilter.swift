/// Entry points compiled for `AnyPositionFilter`, the filter of replay and the CLI. A generic
/// method called from another module runs unspecialized (every `MarkerTrack<Filter>` access
/// looks its metadata up at run time); called here, with the filter type known, the compiler
/// specializes the whole update. Same results as the generic methods.
extension MarkerTracker where Filter == AnyPositionFilter {
  /// ``markers``, specialized.
  package var markersOfAnyFilter: [TrackedMarker] { markers }

  /// ``update(measurements:timestampSeconds:view:)``, specialized.
  @discardableResult
  package mutating func updateOfAnyFilter(
    measurements: [MarkerMeasurement], timestampSeconds: Double, view: DetectorView?
  ) -> [TrackedMarker] {
    update(measurements: measurements, timestampSeconds: timestampSeconds, view: view)
  }
}
