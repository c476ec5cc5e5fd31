#ifndef FACT_BYTES_H
#define FACT_BYTES_H

#include <stddef.h>

/// Data/census.tsv, compiled in as bytes (#embed): the population of each division at the
/// 2010 and 2020 censuses, read on first use (BuiltInFacts).
const unsigned char *census_bytes(void);
size_t census_bytes_count(void);

/// Data/areas.tsv, compiled in as bytes (#embed): each division's area from its outline.
const unsigned char *area_bytes(void);
size_t area_bytes_count(void);

#endif
