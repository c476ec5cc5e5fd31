#include "DataBytes.h"

#include <string.h>

// #embed is C23; clang takes it in the C mode SwiftPM uses, as an extension.
#pragma clang diagnostic ignored "-Wc23-extensions"

// Every file in one array, each followed by a NUL (a data file holds none: the generator
// refuses control characters), so that one more file is one more line here and one case
// of EmbeddedFile (Sources/BuiltInCatalog/EmbeddedFile.swift), in the same order. A change to a
// file rebuilds this one: clang lists embedded files among the object's dependencies.
static const unsigned char bytes[] = {
#embed "../../Data/about.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/divisions.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/derived/shared-names.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/counties.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/variants.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/history.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/derived/townships.txt" suffix(, 0, ) if_empty(0, )
#embed "../../Data/areas.tsv" suffix(, 0, ) if_empty(0, )
#embed "../../Data/census.tsv" suffix(, 0, ) if_empty(0, )
};

const unsigned char *data_file_bytes(size_t index, size_t *count) {
  // Files before `index` are passed over by their NULs: a few kilobytes for the files
  // start-up reads, which come first.
  const unsigned char *start = bytes;
  const unsigned char *end = bytes + sizeof bytes;
  for (size_t skipped = 0; skipped < index; skipped++) {
    const unsigned char *nul = memchr(start, 0, (size_t)(end - start));
    if (nul == NULL) {
      *count = 0;
      return NULL;
    }
    start = nul + 1;
  }
  const unsigned char *nul = memchr(start, 0, (size_t)(end - start));
  if (nul == NULL) {
    *count = 0;
    return NULL;
  }
  *count = (size_t)(nul - start);
  return start;
}
