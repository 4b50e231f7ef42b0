// The ECB's eurofxref-daily.xml, as published (namespaces, sender, one dated Cube), with the
// rates a test chooses: units per 1 EUR.
export function ecbFeedXml(date: string, rates: Record<string, string>): string {
  const rows = Object.entries(rates)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${rows}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}
