#include "OutlineBytes.h"

// #embed is C23; clang takes it in the C mode SwiftPM uses, as an extension.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char bytes[] = {
#embed "../../Data/outlines.bin"
};

const unsigned char *outline_bytes(void) { return bytes; }

size_t outline_bytes_count(void) { return sizeof bytes; }
