#include "FactBytes.h"

// #embed is C23; clang takes it in the C mode SwiftPM uses, as an extension.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char bytes[] = {
#embed "../../Data/areas.tsv"
};

const unsigned char *area_bytes(void) { return bytes; }

size_t area_bytes_count(void) { return sizeof bytes; }
