#include "FactBytes.h"

// #embed is C23; clang takes it in the C mode SwiftPM uses, as an extension.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char bytes[] = {
#embed "../../Data/census.tsv"
};

const unsigned char *census_bytes(void) { return bytes; }

size_t census_bytes_count(void) { return sizeof bytes; }
