// drop the attribute descriptions (only Plotly.PlotSchema reads them) from the minified bundle
const fs = require('fs');
const file = process.argv[2];
let s = fs.readFileSync(file, 'utf8');
s = s.replace(/description:\[(?:"(?:[^"\\]|\\.)*",?)*\]\.join\(" "\)/g, 'description:""');
s = s.replace(/description:"(?:[^"\\]|\\.)*"/g, 'description:""');
fs.writeFileSync(file, s);
