import { create } from 'xmlbuilder2';

// The element rules of the ADF 1.0 DTD (Auto-lead Data Format, "ADF XML Specification 1.0"),
// written as a checker (issue 35 point 4): each element's content model as a pattern over the
// names of its child elements, its attributes and their allowed values. No XML library for Node
// that is kept up validates against a DTD without native code, so the rules are written here,
// for the elements the storefront sends and the ones around them.

const TEXT = null;
/** Content models: a regular expression over the children's names, each followed by a space. */
const CONTENT: Record<string, RegExp | null> = {
  adf: /^(prospect )+$/,
  prospect: /^(id )*requestdate (vehicle )+customer vendor (provider )?$/,
  vehicle:
    /^(id )*year make model (vin )?(stock )?(trim )?(doors )?(bodystyle )?(transmission )?(odometer )?(condition )?(colorcombination )*(imagetag )?(price )*(pricecomments )?(option )*(finance )?(comments )?$/,
  customer: /^contact (id )*(timeframe )?(comments )?$/,
  contact: /^(name )+(email )?(phone )*(address )?$/,
  vendor: /^(id )*vendorname (url )?contact $/,
  provider: /^(id )*name (service )?(url )?(email )?(phone )?(contact )?$/,
  id: TEXT,
  requestdate: TEXT,
  year: TEXT,
  make: TEXT,
  model: TEXT,
  vin: TEXT,
  stock: TEXT,
  trim: TEXT,
  price: TEXT,
  name: TEXT,
  email: TEXT,
  phone: TEXT,
  comments: TEXT,
  vendorname: TEXT,
  url: TEXT,
  service: TEXT,
};

/** Attributes each element may carry; a list is the enumeration of allowed values, '*' is CDATA. */
const ATTRIBUTES: Record<string, Record<string, readonly string[] | '*'>> = {
  prospect: { status: ['new', 'resend'] },
  id: { sequence: '*', source: '*' },
  vehicle: { interest: ['buy', 'lease', 'sell', 'trade-in', 'test-drive'], status: ['new', 'used'] },
  price: {
    type: ['quote', 'offer', 'msrp', 'invoice', 'call', 'appraisal', 'asking'],
    currency: '*',
    delta: ['absolute', 'relative', 'percentage'],
    relativeto: ['msrp', 'invoice'],
    source: '*',
  },
  contact: { primarycontact: ['0', '1'] },
  name: { part: ['first', 'middle', 'suffix', 'last', 'full'], type: ['individual', 'business'] },
  email: { preferredcontact: ['0', '1'] },
  phone: {
    type: ['phone', 'fax', 'cellphone', 'pager'],
    time: ['morning', 'afternoon', 'evening', 'nopreference', 'day'],
    preferredcontact: ['0', '1'],
  },
};

type DomNode = {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
};

/** What in the message breaks the ADF 1.0 DTD; empty when it is valid. */
export function adfProblems(xml: string): string[] {
  const problems: string[] = [];
  if (!/^<\?xml [^>]*\?>\s*<\?ADF VERSION="1\.0"\?>/.test(xml.trim()))
    problems.push('the message must start with the XML declaration and <?ADF VERSION="1.0"?>');
  const root = create(xml).root().node as unknown as DomNode;
  const visit = (node: DomNode, path: string) => {
    const name = node.nodeName;
    const here = `${path}/${name}`;
    if (!(name in CONTENT)) {
      problems.push(`${here}: not an element this checker knows of ADF 1.0`);
      return;
    }
    for (const attribute of Array.from(node.attributes ?? [])) {
      const allowed = ATTRIBUTES[name]?.[attribute.name];
      if (!allowed) problems.push(`${here}: attribute ${attribute.name} is not declared`);
      else if (allowed !== '*' && !allowed.includes(attribute.value))
        problems.push(`${here}: ${attribute.name}="${attribute.value}" is not one of ${allowed.join('|')}`);
    }
    const children = Array.from(node.childNodes).filter((child) => child.nodeType === 1);
    const model = CONTENT[name];
    if (model === TEXT) {
      if (children.length) problems.push(`${here}: holds text only`);
      return;
    }
    const texts = Array.from(node.childNodes).filter((child) => child.nodeType === 3 && child.nodeValue?.trim());
    if (texts.length) problems.push(`${here}: holds elements only, not text`);
    const sequence = children.map((child) => `${child.nodeName} `).join('');
    if (!model!.test(sequence)) problems.push(`${here}: children "${sequence.trim()}" do not match ${model}`);
    for (const child of children) visit(child, here);
  };
  visit(root, '');
  return problems;
}
