// Raw DEFLATE (RFC 1951) decoder, synchronous: plotly.js travels compressed in the report (a third of
// its size, for chats) and is unpacked before the charts are drawn, in every browser, offline.
function kozelInflate(src) {
  var out = new Uint8Array(src.length * 4), n = 0, pos = 0, bit = 0, hold = 0;
  function need(len) {
    while (bit < len) { hold |= src[pos++] << bit; bit += 8; }
  }
  function bits(len) {
    need(len);
    var v = hold & ((1 << len) - 1);
    hold >>>= len; bit -= len;
    return v;
  }
  function room(extra) {
    if (n + extra <= out.length) return;
    var bigger = new Uint8Array(Math.max(out.length * 2, n + extra));
    bigger.set(out.subarray(0, n)); out = bigger;
  }
  // a canonical Huffman code from its code lengths: counts per length and symbols sorted by code
  function table(lengths) {
    var counts = new Uint16Array(16), offs = new Uint16Array(16), syms = new Uint16Array(lengths.length), i;
    for (i = 0; i < lengths.length; i++) counts[lengths[i]]++;
    counts[0] = 0;
    for (i = 1; i < 16; i++) offs[i] = offs[i - 1] + counts[i - 1];
    for (i = 0; i < lengths.length; i++) if (lengths[i]) syms[offs[lengths[i]]++] = i;
    return {counts: counts, syms: syms};
  }
  function decode(t) {
    var code = 0, first = 0, index = 0;
    for (var len = 1; len < 16; len++) {
      code |= bits(1);
      var count = t.counts[len];
      if (code - first < count) return t.syms[index + code - first];
      index += count; first += count; first <<= 1; code <<= 1;
    }
    throw new Error("inflate: bad code");
  }
  var LBASE = [3,4,5,6,7,8,9,10,11,13,15,17,19,23,27,31,35,43,51,59,67,83,99,115,131,163,195,227,258];
  var LEXT = [0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,0];
  var DBASE = [1,2,3,4,5,7,9,13,17,25,33,49,65,97,129,193,257,385,513,769,1025,1537,2049,3073,4097,6145,
               8193,12289,16385,24577];
  var DEXT = [0,0,0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9,10,10,11,11,12,12,13,13];
  var ORDER = [16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1,15];
  var fixedLit, fixedDist, last, type, i;
  do {
    last = bits(1); type = bits(2);
    if (type === 0) {  // stored
      hold = 0; bit = 0;
      var len = src[pos] | (src[pos + 1] << 8); pos += 4;
      room(len); out.set(src.subarray(pos, pos + len), n); n += len; pos += len;
      continue;
    }
    var lit, dist;
    if (type === 1) {
      if (!fixedLit) {
        var l = new Uint8Array(288);
        for (i = 0; i < 144; i++) l[i] = 8;
        for (; i < 256; i++) l[i] = 9;
        for (; i < 280; i++) l[i] = 7;
        for (; i < 288; i++) l[i] = 8;
        fixedLit = table(l);
        var d = new Uint8Array(30); d.fill(5); fixedDist = table(d);
      }
      lit = fixedLit; dist = fixedDist;
    } else if (type === 2) {
      var hlit = bits(5) + 257, hdist = bits(5) + 1, hclen = bits(4) + 4;
      var cl = new Uint8Array(19);
      for (i = 0; i < hclen; i++) cl[ORDER[i]] = bits(3);
      var clt = table(cl), lengths = new Uint8Array(hlit + hdist);
      for (i = 0; i < hlit + hdist;) {
        var sym = decode(clt), rep = 0, val = 0;
        if (sym < 16) { lengths[i++] = sym; continue; }
        if (sym === 16) { val = lengths[i - 1]; rep = 3 + bits(2); }
        else if (sym === 17) rep = 3 + bits(3);
        else rep = 11 + bits(7);
        while (rep--) lengths[i++] = val;
      }
      lit = table(lengths.subarray(0, hlit)); dist = table(lengths.subarray(hlit));
    } else {
      throw new Error("inflate: bad block type");
    }
    for (;;) {
      var s = decode(lit);
      if (s < 256) { room(1); out[n++] = s; continue; }
      if (s === 256) break;
      s -= 257;
      var length = LBASE[s] + bits(LEXT[s]);
      var ds = decode(dist), back = DBASE[ds] + bits(DEXT[ds]);
      room(length);
      for (i = 0; i < length; i++, n++) out[n] = out[n - back];
    }
  } while (!last);
  return out.subarray(0, n);
}

// The report's plotly.js: base64 of its raw DEFLATE in the element #plotly-packed, run as a script.
(function () {
  var packed = document.getElementById("plotly-packed");
  if (!packed || window.Plotly) return;
  var text = atob(packed.textContent.replace(/\s+/g, "")), bytes = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  var script = document.createElement("script");
  script.textContent = new TextDecoder("utf-8").decode(kozelInflate(bytes));
  document.head.appendChild(script);
})();
