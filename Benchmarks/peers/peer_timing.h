/*
 * Timing helpers shared by the Embree peers (embree_peer.c, embree_mesh_peer.c): a monotonic
 * clock in seconds and the median of repeated runs.
 */
#ifndef ARSIM_PEER_TIMING_H
#define ARSIM_PEER_TIMING_H

#include <stdlib.h>
#include <time.h>

static inline double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts v in place and returns its median. */
static inline double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(double), compare_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif
