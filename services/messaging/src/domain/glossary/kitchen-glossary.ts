import type { Glossary, GlossaryTerm } from './glossary';

/**
 * Brigade's restaurant glossary, English <-> Spanish (Mexican / US Spanish as US kitchens speak it), applied
 * around every machine translation (`glossary.ts` says how). Data: add a term where an engine gets a kitchen
 * word wrong, then check the score (`services/messaging/test/translation-quality.test.ts`, ADR 13).
 *
 * The first form on each side is the one written into that language; the others are also recognised.
 * `g` is the Spanish noun's gender (the article before it agrees), `pl` the plural forms, `start` an
 * imperative (only at the start of a sentence), `callout` a whole-sentence call on the line, `article` a
 * word that is a kitchen term only after an article ("the pass"), `to` one direction only.
 */

const attire: GlossaryTerm[] = [
  {
    en: ['non-slip shoes', 'slip-resistant shoes', 'nonslip shoes'],
    es: 'zapatos antideslizantes',
    g: 'm',
    plural: true,
  },
  { en: ['non-slip shoe', 'slip-resistant shoe'], es: 'zapato antideslizante', g: 'm' },
  { en: 'chef coat', es: 'filipina', g: 'f', pl: ['chef coats', 'filipinas'] },
  { en: 'chef jacket', es: 'filipina', g: 'f', pl: ['chef jackets', 'filipinas'] },
  { en: 'apron', es: ['delantal', 'mandil'], g: 'm', pl: ['aprons', ['delantales', 'mandiles']] },
  {
    en: ['hair net', 'hairnet'],
    es: 'red para el cabello',
    g: 'f',
    pl: [['hair nets', 'hairnets'], 'redes para el cabello'],
  },
  {
    en: 'hair restraint',
    es: 'protección para el cabello',
    g: 'f',
    pl: ['hair restraints', 'protecciones para el cabello'],
  },
  { en: ['hat', 'cap'], es: 'gorra', g: 'f', pl: [['hats', 'caps'], 'gorras'] },
  { en: 'black pants', es: 'pantalón negro', g: 'm' },
  { en: 'pants', es: 'pantalón', g: 'm' },
  { en: 'gloves', es: 'guantes', g: 'm', plural: true },
  { en: 'sandals', es: 'sandalias', g: 'f', plural: true },
  { en: 'no shorts', es: 'nada de shorts', start: true },
  { en: ['tie your hair back', 'tie back your hair'], es: 'amárrate el cabello', start: true },
  { en: 'take off', es: 'quítate', start: true },
  { en: 'knives', es: 'cuchillos', g: 'm', plural: true },
];

const stations: GlossaryTerm[] = [
  { en: 'station', es: 'estación', g: 'f', pl: ['stations', 'estaciones'] },
  { en: 'sauté station', es: 'estación de salteado', g: 'f' },
  { en: 'grill station', es: 'estación de parrilla', g: 'f' },
  { en: ['fry station', 'fryer station'], es: 'estación de freidoras', g: 'f' },
  { en: 'prep station', es: 'estación de preparación', g: 'f' },
  { en: 'sauté', es: 'salteado', g: 'm', article: true },
  { en: 'garde manger', es: 'garde manger', g: 'm' },
  { en: 'mise en place', es: 'mise en place', g: 'm' },
  { en: 'expo', es: 'expo', g: 'm' },
  { en: 'pass', es: 'pase', g: 'm', article: true },
  { en: 'the line', es: 'la línea' },
  { en: 'line check', es: 'revisión de la línea', g: 'f' },
  { en: 'flat top', es: 'plancha', g: 'f', pl: ['flat tops', 'planchas'] },
  { en: ['fryer', 'deep fryer'], es: 'freidora', g: 'f', pl: [['fryers', 'deep fryers'], 'freidoras'] },
  { en: 'fryer oil', es: 'aceite de la freidora', g: 'm' },
  { en: 'hood', es: 'campana', g: 'f', article: true },
  { en: 'dish pit', es: 'área de lavado', g: 'm' },
  { en: ['dish machine', 'dishwashing machine'], es: 'máquina lavaplatos', g: 'f' },
  { en: 'kitchen', es: 'cocina', g: 'f', pl: ['kitchens', 'cocinas'] },
];

const positions: GlossaryTerm[] = [
  { en: 'line cook', es: 'cocinero de línea', g: 'm', pl: ['line cooks', 'cocineros de línea'] },
  { en: 'prep cook', es: 'ayudante de preparación', g: 'm', pl: ['prep cooks', 'ayudantes de preparación'] },
  { en: 'dishwasher', es: 'lavaplatos', g: 'm', pl: ['dishwashers', 'lavaplatos'] },
  { en: 'server', es: 'mesero', g: 'm', pl: ['servers', 'meseros'] },
  { en: 'busser', es: 'garrotero', g: 'm', pl: ['bussers', 'garroteros'] },
  { en: 'kitchen help', es: 'ayudante de cocina', g: 'm' },
  { en: 'sous chef', es: 'sous chef', g: 'm' },
  { en: ['cook', 'cocinero'], es: 'cocinero', g: 'm', article: true },
];

const tools: GlossaryTerm[] = [
  { en: 'walk-in', es: 'cámara fría', g: 'f', pl: ['walk-ins', 'cámaras frías'] },
  { en: 'walk-in door', es: 'puerta de la cámara fría', g: 'f' },
  { en: 'lowboy', es: 'refrigerador bajo', g: 'm', pl: ['lowboys', 'refrigeradores bajos'] },
  { en: 'reach-in', es: 'refrigerador vertical', g: 'm' },
  { en: 'sheet pan', es: 'charola', g: 'f', pl: ['sheet pans', 'charolas'] },
  { en: 'hotel pan', es: 'bandeja hotel', g: 'f', pl: ['hotel pans', 'bandejas hotel'] },
  { en: 'cutting board', es: 'tabla de cortar', g: 'f', pl: ['cutting boards', 'tablas de cortar'] },
  { en: 'tongs', es: 'pinzas', g: 'f', plural: true },
  { en: 'ladle', es: 'cucharón', g: 'm', pl: ['ladles', 'cucharones'] },
  { en: 'plastic wrap', es: 'plástico para envolver', g: 'm' },
  {
    en: ['deli container', 'deli'],
    es: 'contenedor',
    g: 'm',
    pl: [['deli containers', 'delis'], 'contenedores'],
    article: true,
  },
  { en: 'first aid kit', es: 'botiquín', g: 'm' },
  { en: 'bottom shelf', es: 'estante de abajo', g: 'm' },
  { en: 'ice bath', es: 'baño de hielo', g: 'm' },
  { en: 'dirty dishes', es: 'platos sucios', g: 'm', plural: true },
  { en: 'trash', es: 'basura', g: 'f' },
];

const parking: GlossaryTerm[] = [
  {
    en: 'park in the lot',
    es: ['estaciónate en el estacionamiento', 'estaciona en el estacionamiento'],
    start: true,
  },
  { en: 'park', es: ['estaciónate', 'estaciona'], start: true },
  { en: ['do not park', "don't park"], es: 'no te estaciones', start: true },
  { en: 'can I park', es: 'me puedo estacionar' },
  { en: ['parking lot', 'lot'], es: 'estacionamiento', g: 'm', article: true, unless: 'of' },
  { en: 'the lot', es: 'el estacionamiento', unless: 'of' },
  { en: 'parking', es: 'estacionamiento', g: 'm', to: 'es' },
  { en: 'street parking', es: 'estacionamiento en la calle', g: 'm' },
  { en: 'customer spots', es: 'lugares de los clientes', g: 'm', plural: true },
  { en: 'next to', es: 'junto a' },
  { en: ['is there', 'are there'], es: 'hay', start: true, to: 'es' },
  { en: 'bike rack', es: 'rack para bicicletas', g: 'm' },
  { en: 'bus', es: 'camión', g: 'm', to: 'es' },
  { en: 'missed the bus', es: 'se me fue el camión' },
];

const arrival: GlossaryTerm[] = [
  { en: 'back door', es: 'puerta de atrás', g: 'f' },
  { en: 'front door', es: 'puerta de enfrente', g: 'f' },
  { en: 'loading dock', es: 'andén de carga', g: 'm' },
  { en: 'upstairs', es: 'arriba' },
  { en: 'downstairs', es: 'abajo', to: 'es' },
  { en: 'clock in', es: ['checa tu entrada', 'checa entrada', 'marca tu entrada'], start: true },
  { en: 'clock out', es: ['checa tu salida', 'checa salida', 'marca tu salida'], start: true },
  { en: 'clock in', es: ['checar tu entrada', 'checar entrada', 'marcar entrada'] },
  { en: 'clock out', es: ['checar tu salida', 'checar salida', 'marcar salida'] },
  { en: ['when you get here', 'when you arrive'], es: 'cuando llegues' },
  { en: 'before you leave', es: ['antes de irte', 'antes de que te vayas'] },
  { en: ["I'm here", 'I am here'], es: 'ya llegué', start: true },
  { en: 'running late', es: 'voy tarde', to: 'es' },
  { en: 'be here', es: 'llega', start: true, to: 'es' },
  { en: 'come in', es: 'entra', start: true },
  { en: 'do not forget', es: 'no olvides', start: true },
  { en: "don't forget", es: 'no olvides', start: true, to: 'es' },
];

/** Imperatives at the start of a sentence: the engines read them as nouns or third persons ("Put" -> "Puesto", "Usa" -> "It uses"). */
const instructions: GlossaryTerm[] = [
  { en: 'please', es: 'por favor', start: true, to: 'es' },
  { en: 'please', es: 'por favor', to: 'es' },
  { en: ['I am sorry', "I'm sorry"], es: 'lo siento', to: 'es' },
  { en: 'sorry', es: 'perdón', start: true },
  { en: 'sorry', es: 'perdón', to: 'es' },
  { en: 'thanks', es: 'gracias', start: true, to: 'es' },
  { en: 'see you next week', es: 'nos vemos la próxima semana' },
  { en: 'looking for', es: 'buscamos', start: true },
  { en: 'what time', es: 'a qué hora' },
  { en: 'arrive', es: 'llega', start: true },
  { en: 'wear', es: 'usa', start: true, to: 'es' },
  { en: 'date', es: 'pon fecha a', start: true, to: 'es' },
  { en: 'put it away', es: 'guárdalo', start: true },
  { en: 'put it', es: 'ponlo', start: true, to: 'es' },
  { en: 'use', es: 'usa', start: true },
  { en: 'put', es: 'pon', start: true },
  { en: 'bring', es: 'trae', start: true },
  { en: 'ask for', es: 'pregunta por', start: true },
  { en: 'ask', es: 'pregunta', start: true },
  { en: 'knock on', es: 'toca', start: true },
  { en: 'take', es: 'toma', start: true },
  { en: 'take out', es: 'saca', start: true },
  { en: 'keep', es: 'guarda', start: true },
  { en: 'grab', es: 'agarra', start: true },
  { en: 'label', es: 'etiqueta', start: true },
  { en: 'set up', es: 'prepara', start: true, to: 'es' },
  { en: 'prep', es: 'prepara', start: true },
  { en: 'stock', es: 'surte', start: true },
  { en: 'scrape', es: 'raspa', start: true },
  { en: 'change', es: 'cambia', start: true },
  { en: 'cut', es: 'corta', start: true },
  { en: 'dice', es: 'corta en cubitos', start: true },
  { en: 'chop', es: 'pica', start: true },
  { en: 'make', es: 'haz', start: true },
  { en: 'mark', es: 'marca', start: true },
  { en: 'wash your hands', es: 'lávate las manos', start: true },
  { en: 'wash', es: ['lava', 'lávate'], start: true },
  { en: 'fill out', es: 'llena', start: true },
  { en: 'cool', es: 'enfría', start: true },
  { en: 'throw away', es: 'tira', start: true },
  { en: 'sharpen', es: 'afila', start: true },
  { en: 'mop', es: 'trapea', start: true },
  { en: 'wrap', es: 'envuelve', start: true },
  { en: 'help', es: 'ayuda', start: true },
  { en: 'tie back', es: 'amarra', start: true },
  { en: 'tie', es: ['amarra', 'amárrate'], start: true },
  { en: 'start', es: 'empieza', start: true },
  { en: 'run', es: 'lleva', start: true },
  { en: 'check', es: 'revisa', start: true },
  { en: 'clean', es: 'limpia', start: true },
  { en: 'wait', es: 'espera', start: true },
  { en: 'call', es: 'llama', start: true },
  { en: 'turn on', es: 'prende', start: true },
  { en: 'turn off', es: 'apaga', start: true },
  { en: 'let me know', es: 'avísame', start: true },
  { en: 'tell', es: ['avisa', 'avísale'], start: true },
  { en: 'come', es: 'ven', start: true },
  { en: 'go', es: 've', start: true, to: 'es' },
];

const menu: GlossaryTerm[] = [
  { en: 'prep list', es: 'lista de preparación', g: 'f' },
  { en: 'dressing', es: 'aderezo', g: 'm', pl: ['dressings', 'aderezos'] },
  { en: 'fries', es: 'papas fritas', g: 'f', plural: true },
  { en: ['nuts', 'tree nuts'], es: 'nueces', g: 'f', plural: true },
  { en: 'before service', es: 'antes del servicio' },
  { en: 'after service', es: 'después del servicio' },
  { en: 'after lunch', es: 'después del almuerzo' },
  { en: 'before lunch', es: 'antes del almuerzo' },
  { en: 'every night', es: 'todas las noches' },
  { en: 'come eat', es: ['vengan a comer', 'ven a comer'] },
  { en: 'side of fries', es: 'orden de papas fritas', g: 'f' },
  { en: 'burgers', es: 'hamburguesas', g: 'f', plural: true },
  { en: 'covers', es: 'cubiertos', g: 'm', plural: true },
  { en: ['guest', 'customer'], es: 'cliente', g: 'm', pl: [['guests', 'customers'], 'clientes'] },
  { en: 'ticket', es: 'comanda', g: 'f', pl: ['tickets', 'comandas'], article: true },
  { en: 'special', es: 'especial', g: 'm', article: true },
  { en: 'dish', es: 'platillo', g: 'm', article: true, to: 'en' },
  { en: 'private party', es: 'fiesta privada', g: 'f' },
];

const foodSafety: GlossaryTerm[] = [
  { en: ['ServSafe', 'Serv Safe'], es: 'ServSafe' },
  {
    en: ['food handler card', "food handler's card", 'food handlers card'],
    es: 'tarjeta de manipulador de alimentos',
    g: 'f',
  },
  { en: 'allergen', es: 'alérgeno', g: 'm', pl: ['allergens', 'alérgenos'] },
  { en: 'peanut allergy', es: 'alergia al cacahuate', g: 'f' },
  { en: 'peanut', es: 'cacahuate', g: 'm', pl: ['peanuts', 'cacahuates'] },
  { en: 'shellfish', es: 'mariscos', g: 'm', plural: true },
  { en: 'FIFO', es: 'FIFO' },
  {
    en: ['temp log', 'temperature log'],
    es: 'registro de temperaturas',
    g: 'm',
    pl: [['temp logs', 'temperature logs'], 'registros de temperaturas'],
  },
  {
    en: 'sanitizer bucket',
    es: 'cubeta de desinfectante',
    g: 'f',
    pl: ['sanitizer buckets', 'cubetas de desinfectante'],
  },
  { en: 'sanitizer', es: 'desinfectante', g: 'm' },
  { en: 'raw chicken', es: 'pollo crudo', g: 'm' },
  { en: ['past its date', 'expired'], es: ['caducado', 'caducada', 'caducados', 'caducadas'] },
];

const timing: GlossaryTerm[] = [
  { en: 'family meal', es: 'comida del personal', g: 'f' },
  { en: 'tonight', es: 'hoy en la noche', to: 'en' },
  { en: 'a double', es: 'doble turno' },
  { en: 'double shift', es: 'doble turno', g: 'm' },
  { en: 'shift', es: 'turno', g: 'm', pl: ['shifts', 'turnos'] },
  { en: 'until close', es: 'hasta el cierre' },
  { en: 'on weekdays', es: 'entre semana' },
  { en: 'call in sick', es: 'reportarse enfermo' },
  { en: 'called in sick', es: 'se reportó enfermo' },
  { en: 'sick', es: ['enfermo', 'enferma'], to: 'en' },
  { en: ['I am sick', "I'm sick"], es: 'estoy enfermo', to: 'es' },
  { en: 'is sick', es: 'está enfermo', to: 'es' },
  { en: 'on', es: ['prendida', 'prendido'], to: 'en' },
  { en: 'finger', es: 'dedo', g: 'm', to: 'en' },
  { en: 'broke down', es: ['se descompuso', 'se descompuso la', 'se descompuso el'] },
];

const pay: GlossaryTerm[] = [
  { en: 'time and a half', es: 'tiempo y medio' },
  { en: 'tips', es: 'propinas', g: 'f', plural: true },
  { en: ['dollars an hour', 'dollars per hour'], es: 'dólares la hora' },
  { en: 'do I get paid', es: 'me pagan', to: 'es' },
  { en: 'direct deposit', es: 'depósito directo', g: 'm' },
];

/** The line's slang and calls. */
const slang: GlossaryTerm[] = [
  { en: 'behind', es: 'atrás', callout: true },
  { en: 'hot behind', es: 'caliente atrás', start: true },
  { en: 'corner', es: 'esquina', callout: true },
  { en: 'heard', es: ['entendido', 'oído'], callout: true },
  { en: 'watch out', es: 'cuidado' },
  { en: 'fire', es: 'marcha', start: true },
  {
    en: ['we are 86 on', "we're 86 on", 'we are 86', "we're 86", '86 on', '86 the', '86'],
    es: 'ya no hay',
    start: true,
    to: 'es',
  },
  {
    en: 'we are out of',
    es: [
      'se acabó el',
      'se acabó la',
      'se acabaron los',
      'se acabaron las',
      'se nos acabó el',
      'se nos acabó la',
      'se nos acabaron los',
      'se nos acabaron las',
      'ya no hay',
    ],
    to: 'en',
  },
  { en: 'we are out of', es: 'se nos acabó el', to: 'es' },
  {
    en: 'all day',
    es: 'en total',
    to: 'es',
    after: '(?:\\d|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty)\\b)',
  },
  { en: 'in the weeds', es: 'hasta el cuello' },
  { en: 'on the fly', es: 'volando' },
  { en: 'yes, chef', es: 'sí, chef' },
];

/** Times of day as a shift is told: "at five" -> "a las cinco", "hasta las diez" -> "until ten". */
const NUMBERS: ReadonlyArray<readonly [string, string]> = [
  ['one', 'una'],
  ['two', 'dos'],
  ['three', 'tres'],
  ['four', 'cuatro'],
  ['five', 'cinco'],
  ['six', 'seis'],
  ['seven', 'siete'],
  ['eight', 'ocho'],
  ['nine', 'nueve'],
  ['ten', 'diez'],
  ['eleven', 'once'],
  ['twelve', 'doce'],
  ...Array.from({ length: 12 }, (_, i) => [String(i + 1), String(i + 1)] as const),
];
const PREPOSITIONS: ReadonlyArray<readonly [string, string]> = [
  ['at', 'a'],
  ['until', 'hasta'],
  ['before', 'antes de'],
  ['after', 'después de'],
  ['by', 'para'],
  ['from', 'desde'],
];
const times: GlossaryTerm[] = NUMBERS.flatMap(([en, es]) => {
  const article = es === 'una' || es === '1' ? 'la' : 'las';
  return PREPOSITIONS.flatMap(([pEn, pEs]): GlossaryTerm[] => [
    { en: `${pEn} ${en} thirty`, es: `${pEs} ${article} ${es} y media` },
    { en: `${pEn} ${en}`, es: `${pEs} ${article} ${es}` },
  ]);
});

/** Tables by number: "to table nine" -> "a la mesa nueve", "la mesa doce" -> "table twelve". */
const tables: GlossaryTerm[] = [
  ...NUMBERS,
  ['thirteen', 'trece'],
  ['fourteen', 'catorce'],
  ['fifteen', 'quince'],
  ['sixteen', 'dieciséis'],
  ['seventeen', 'diecisiete'],
  ['eighteen', 'dieciocho'],
  ['nineteen', 'diecinueve'],
  ['twenty', 'veinte'],
].map(([en, es]) => ({
  en: `table ${en}`,
  es: [`la mesa ${es === 'una' ? 'uno' : es}`, `mesa ${es === 'una' ? 'uno' : es}`],
}));

/** "Can you ...?" and "I can ..." with the verbs a shift is arranged with: the engines conjugate them wrong. */
const VERBS: ReadonlyArray<readonly [string, string]> = [
  ['start', 'empezar'],
  ['work', 'trabajar'],
  ['help', 'ayudar'],
  ['come', 'venir'],
  ['come in', 'venir'],
  ['bring', 'traer'],
  ['cover', 'cubrir'],
  ['stay', 'quedarte'],
  ['be here', 'estar aquí'],
  ['make it', 'llegar'],
];
const abilities: GlossaryTerm[] = [
  { en: 'I can only stay', es: 'solo me puedo quedar' },
  ...VERBS.flatMap(([en, es]): GlossaryTerm[] => [
    { en: `can you ${en}`, es: `puedes ${es}` },
    { en: `I can ${en}`, es: `puedo ${es === 'quedarte' ? 'quedarme' : es}` },
  ]),
];

export const KITCHEN_GLOSSARY: Glossary = {
  terms: {
    attire,
    stations,
    positions,
    tools,
    parking,
    arrival,
    instructions,
    abilities,
    menu,
    foodSafety,
    timing,
    pay,
    slang,
    tables,
    times,
  },
  fixes: {
    // Apertium's en-es pair writes Spain's Spanish: a cook in Minneapolis reads "tu", "papas", "agarrar".
    es: [
      ['vuestro', 'tu'],
      ['vuestra', 'tu'],
      ['vuestros', 'tus'],
      ['vuestras', 'tus'],
      ['os', 'te'],
      ['patatas', 'papas'],
      ['patata', 'papa'],
      ['cacahuete', 'cacahuate'],
      ['cacahuetes', 'cacahuates'],
      ['gamba', 'camarón'],
      ['gambas', 'camarones'],
      ['zumo', 'jugo'],
      ['aparcamiento', 'estacionamiento'],
      ['aparcar', 'estacionarse'],
      ['aparca', 'estaciónate'],
      ['coger', 'agarrar'],
      ['coges', 'agarras'],
      ['coge', 'agarra'],
      ['cojo', 'agarro'],
      ['cogía', 'agarraba'],
      ['cogido', 'agarrado'],
      ['autobús', 'camión'],
      ['anular', 'cancelar'],
      ['anulado', 'cancelado'],
      ['anulada', 'cancelada'],
    ],
    en: [
      ['cookery', 'kitchen'],
      ['ailing', 'sick'],
    ],
  },
};
