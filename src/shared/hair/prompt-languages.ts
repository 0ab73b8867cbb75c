/**
 * Spanish, French, Portuguese, German and Italian hair words, read as the English words the parser knows.
 * Keys are lower case without accents (the rewrite folds them first), one or more words; the longest key
 * wins. Only words that change what the engine does are here (colours, techniques, roots, placements,
 * lighter/darker, warmer/cooler, negation, cuts); everything else passes through untouched. Adjectives
 * that follow their noun ("pelo rojo", "châtain clair") are handled by the rewrite, not by this table.
 */

type Lexicon = Record<string, string>;

/** Every inflection of one word ("rojo", "roja", "rojos", "rojas") read as the same English. */
function forms(words: string[], english: string): Lexicon {
  return Object.fromEntries(words.map((w) => [w, english]));
}

const SPANISH: Lexicon = {
  ...forms(['pelo', 'cabello', 'melena'], 'hair'),
  ...forms(['rojo', 'roja', 'rojos', 'rojas'], 'red'),
  ...forms(['pelirrojo', 'pelirroja'], 'ginger'),
  ...forms(['rubio', 'rubia', 'rubios', 'rubias'], 'blonde'),
  ...forms(['castano', 'castana', 'castanos', 'castanas'], 'brown'),
  ...forms(['moreno', 'morena'], 'brunette'),
  ...forms(['negro', 'negra', 'negros', 'negras'], 'black'),
  ...forms(['cobrizo', 'cobriza', 'cobre'], 'copper'),
  ...forms(['caoba'], 'mahogany'),
  ...forms(['morado', 'morada', 'violeta'], 'purple'),
  ...forms(['lila'], 'lilac'),
  ...forms(['azul', 'azules'], 'blue'),
  ...forms(['verde', 'verdes'], 'green'),
  ...forms(['plateado', 'plateada', 'plata'], 'silver'),
  ...forms(['canoso', 'canosa'], 'grey'),
  ...forms(['caramelo'], 'caramel'),
  ...forms(['miel'], 'honey'),
  ...forms(['dorado', 'dorada'], 'golden'),
  ...forms(['ceniza', 'cenizo'], 'ash'),
  ...forms(['platino', 'platinado', 'platinada'], 'platinum'),
  ...forms(['blanco', 'blanca'], 'white'),
  ...forms(['burdeos', 'granate', 'vino'], 'burgundy'),
  ...forms(['naranja'], 'orange'),
  ...forms(['turquesa'], 'turquoise'),
  ...forms(['fresa'], 'strawberry'),
  'rubio fresa': 'strawberry blonde',
  'rubia fresa': 'strawberry blonde',
  ...forms(['mechas', 'reflejos'], 'highlights'),
  ...forms(['mechas oscuras', 'reflejos oscuros'], 'lowlights'),
  ...forms(['canas', 'cana'], 'greys'),
  ...forms(['cubrir', 'cubra', 'cubran', 'tapar', 'tape', 'taparme', 'cubrirme'], 'cover'),
  ...forms(['retoque', 'retocar'], 'touch up'),
  'no mas': 'no more',
  'basta de': 'done with',
  ...forms(['adelante', 'delante'], 'at the front'),
  atardecer: 'sunset',
  ...forms(['mecha', 'mechon'], 'streak'),
  'mechas californianas': 'balayage',
  ...forms(['degradado', 'degradada'], 'ombre'),
  ...forms(['raices', 'raiz', 'la raiz', 'las raices'], 'roots'),
  ...forms(['tocar', 'tocando'], 'touching'),
  ...forms(['puntas'], 'tips'),
  ...forms(['tinte', 'tenido'], 'dye'),
  ...forms(['oscuro', 'oscura', 'oscuros', 'oscuras'], 'dark'),
  ...forms(['claro', 'clara', 'claros', 'claras'], 'light'),
  'mas oscuro': 'darker',
  'mas oscura': 'darker',
  'mas claro': 'lighter',
  'mas clara': 'lighter',
  'mas calido': 'warmer',
  'mas frio': 'cooler',
  ...forms(['calido', 'calida'], 'warm'),
  ...forms(['frio', 'fria'], 'cool'),
  sin: 'without',
  'no muy': 'not too',
  'no demasiado': 'not too',
  'un poco': 'a bit',
  'por debajo': 'underneath',
  debajo: 'underneath',
  ...forms(['mantener', 'mantengan', 'mantenga', 'dejar', 'deja'], 'keep'),
  ...forms(['natural', 'naturales'], 'natural'),
  ...forms(['corte'], 'cut'),
  ...forms(['flequillo'], 'fringe'),
  ...forms(['corto', 'corta'], 'short'),
  ...forms(['rizado', 'rizada', 'rizos'], 'curly'),
  con: 'with',
  y: 'and',
  pero: 'but',
  solo: 'just',
  mis: 'my',
  mi: 'my',
};

const FRENCH: Lexicon = {
  ...forms(['cheveux', 'chevelure'], 'hair'),
  ...forms(['rouge', 'rouges'], 'red'),
  ...forms(['roux', 'rousse', 'rousses'], 'ginger'),
  ...forms(['blond', 'blonde', 'blonds', 'blondes'], 'blonde'),
  ...forms(['chatain', 'chatains'], 'brown'),
  ...forms(['brun', 'brune', 'bruns', 'brunes'], 'brunette'),
  ...forms(['noir', 'noire', 'noirs', 'noires'], 'black'),
  ...forms(['cuivre', 'cuivree', 'cuivres', 'cuivrees'], 'copper'),
  ...forms(['acajou'], 'mahogany'),
  ...forms(['violette', 'violets', 'violettes'], 'violet'),
  ...forms(['mauve', 'mauves'], 'lavender'),
  ...forms(['bleu', 'bleue', 'bleus', 'bleues'], 'blue'),
  ...forms(['vert', 'verte', 'verts', 'vertes'], 'green'),
  ...forms(['argent', 'argente', 'argentee', 'argentes'], 'silver'),
  ...forms(['gris', 'grise', 'grises'], 'grey'),
  ...forms(['miel'], 'honey'),
  ...forms(['dore', 'doree', 'dores', 'dorees'], 'golden'),
  ...forms(['cendre', 'cendree', 'cendres', 'cendrees'], 'ash'),
  ...forms(['platine'], 'platinum'),
  ...forms(['blanc', 'blanche', 'blancs', 'blanches'], 'white'),
  ...forms(['fraise'], 'strawberry'),
  'blond venitien': 'strawberry blonde',
  ...forms(['meches'], 'highlights'),
  ...forms(['meches foncees', 'meches brunes'], 'lowlights'),
  'cheveux blancs': 'greys',
  ...forms(['couvrir', 'couvre', 'couvrez', 'camoufler'], 'cover'),
  ...forms(['retouche', 'retoucher'], 'touch up'),
  ...forms(['fini le', 'fini la', 'fini les', 'finis le', 'finis la', 'finis les'], 'done with'),
  'coucher de soleil': 'sunset',
  ...forms(['meche'], 'streak'),
  ...forms(['racines', 'racine', 'les racines', 'la racine'], 'roots'),
  ...forms(['toucher', 'touchant'], 'touching'),
  ...forms(['pointes'], 'tips'),
  ...forms(['fonce', 'foncee', 'fonces', 'foncees'], 'dark'),
  ...forms(['clair', 'claire', 'clairs', 'claires'], 'light'),
  'plus fonce': 'darker',
  'plus foncee': 'darker',
  'plus clair': 'lighter',
  'plus claire': 'lighter',
  'plus chaud': 'warmer',
  'plus chaude': 'warmer',
  'plus froid': 'cooler',
  'plus froide': 'cooler',
  ...forms(['chaud', 'chaude'], 'warm'),
  ...forms(['froid', 'froide'], 'cool'),
  sans: 'without',
  pas: 'not',
  'pas trop': 'not too',
  'un peu': 'a bit',
  'en dessous': 'underneath',
  dessous: 'underneath',
  ...forms(['garder', 'gardez', 'garde'], 'keep'),
  ...forms(['naturelles', 'naturelle', 'naturels', 'naturel'], 'natural'),
  ...forms(['coupe'], 'cut'),
  ...forms(['frange'], 'fringe'),
  ...forms(['court', 'courte', 'courts', 'courtes'], 'short'),
  carre: 'bob',
  ...forms(['boucle', 'boucles', 'bouclee', 'bouclees'], 'curly'),
  avec: 'with',
  et: 'and',
  mais: 'but',
  mes: 'my',
};

const PORTUGUESE: Lexicon = {
  ...forms(['cabelo', 'cabelos'], 'hair'),
  ...forms(['vermelho', 'vermelha', 'vermelhos', 'vermelhas'], 'red'),
  ...forms(['ruivo', 'ruiva', 'ruivos', 'ruivas'], 'ginger'),
  ...forms(['loiro', 'loira', 'louro', 'loura', 'loiros', 'loiras'], 'blonde'),
  ...forms(['castanho', 'castanha', 'castanhos'], 'brown'),
  ...forms(['preto', 'preta', 'pretos', 'pretas'], 'black'),
  ...forms(['acobreado', 'acobreada'], 'copper'),
  ...forms(['rosa'], 'pink'),
  ...forms(['roxo', 'roxa'], 'purple'),
  ...forms(['lilas'], 'lilac'),
  ...forms(['prateado', 'prateada'], 'silver'),
  ...forms(['cinza', 'grisalho', 'grisalha'], 'grey'),
  ...forms(['mel'], 'honey'),
  ...forms(['dourado', 'dourada'], 'golden'),
  ...forms(['cinzento', 'cinzenta'], 'ash'),
  ...forms(['branco', 'branca'], 'white'),
  ...forms(['vinho'], 'burgundy'),
  ...forms(['morango'], 'strawberry'),
  ...forms(['luzes'], 'highlights'),
  ...forms(['luzes escuras', 'mechas escuras'], 'lowlights'),
  ...forms(['cabelos brancos', 'fios brancos'], 'greys'),
  ...forms(['cobrir', 'cubra', 'disfarcar'], 'cover'),
  ...forms(['retocar'], 'touch up'),
  'chega de': 'done with',
  'por do sol': 'sunset',
  ...forms(['raizes', 'as raizes', 'a raiz'], 'roots'),
  ...forms(['pontas'], 'tips'),
  ...forms(['escuro', 'escura', 'escuros'], 'dark'),
  'mais escuro': 'darker',
  'mais escura': 'darker',
  'mais claro': 'lighter',
  'mais clara': 'lighter',
  'mais quente': 'warmer',
  'mais frio': 'cooler',
  ...forms(['quente'], 'warm'),
  sem: 'without',
  nao: 'not',
  'nao muito': 'not too',
  'um pouco': 'a bit',
  'por baixo': 'underneath',
  embaixo: 'underneath',
  ...forms(['manter', 'mantenha', 'deixar'], 'keep'),
  ...forms(['naturais'], 'natural'),
  ...forms(['franja'], 'fringe'),
  ...forms(['curto', 'curta'], 'short'),
  ...forms(['cacheado', 'cacheada', 'cachos'], 'curly'),
  com: 'with',
  minhas: 'my',
  meus: 'my',
};

const GERMAN: Lexicon = {
  ...forms(['haare', 'haar', 'haaren'], 'hair'),
  ...forms(['rot', 'rote', 'roten', 'rotes', 'roter'], 'red'),
  ...forms(['blondes', 'blonden'], 'blonde'),
  ...forms(['braun', 'braune', 'braunes', 'braunen'], 'brown'),
  ...forms(['brunett'], 'brunette'),
  ...forms(['schwarz', 'schwarze', 'schwarzes', 'schwarzen', 'schwarzer'], 'black'),
  ...forms(['kupfer', 'kupferfarben', 'kupferne'], 'copper'),
  kupferrot: 'copper red',
  pastell: 'pastel',
  mokka: 'mocha',
  rosegold: 'rose gold',
  ...forms(['mahagoni'], 'mahogany'),
  lila: 'lilac',
  violett: 'purple',
  ...forms(['blau', 'blaue', 'blaues', 'blauen'], 'blue'),
  ...forms(['grun', 'grune', 'grunes', 'grunen', 'gruen'], 'green'),
  ...forms(['silber', 'silbern', 'silberne'], 'silver'),
  ...forms(['grau', 'graue', 'graues', 'grauen', 'grauer'], 'grey'),
  ...forms(['karamell'], 'caramel'),
  ...forms(['honig'], 'honey'),
  honigblond: 'honey blonde',
  aschblond: 'ash blonde',
  platinblond: 'platinum blonde',
  ...forms(['platin'], 'platinum'),
  erdbeerblond: 'strawberry blonde',
  rotblond: 'strawberry blonde',
  goldblond: 'golden blonde',
  dunkelblond: 'dark blonde',
  hellblond: 'light blonde',
  dunkelbraun: 'dark brown',
  hellbraun: 'light brown',
  tiefschwarz: 'jet black',
  weinrot: 'burgundy',
  ...forms(['weiss', 'weisse', 'weisses', 'weisser', 'weissen'], 'white'),
  ...forms(['strahnen', 'strahnchen'], 'highlights'),
  ...forms(['dunkle strahnen', 'dunklere strahnen'], 'lowlights'),
  ...forms(['graue haare', 'grauen haare', 'grauen haaren', 'graue strahnen'], 'greys'),
  ...forms(['abdecken', 'uberdecken', 'kaschieren'], 'cover'),
  ...forms(['nachfarben', 'ansatzfarbung'], 'touch up'),
  'nicht mehr': 'no more',
  sonnenuntergang: 'sunset',
  ...forms(['vorne', 'vorn'], 'at the front'),
  ...forms(['strahne'], 'streak'),
  ...forms(['ansatz', 'ansatze'], 'roots'),
  ...forms(['spitzen'], 'tips'),
  ...forms(['dunkel', 'dunkle', 'dunkles', 'dunklen'], 'dark'),
  ...forms(['hell', 'helle', 'helles'], 'light'),
  dunkler: 'darker',
  heller: 'lighter',
  warmer: 'warmer',
  kuhler: 'cooler',
  ...forms(['kuhl', 'kalt'], 'cool'),
  ohne: 'without',
  ...forms(['kein', 'keine', 'keinen', 'nicht'], 'not'),
  'nicht zu': 'not too',
  'ein bisschen': 'a bit',
  etwas: 'a bit',
  ...forms(['unten', 'darunter', 'unterhalb'], 'underneath'),
  ...forms(['behalten', 'lassen'], 'keep'),
  ...forms(['naturlich', 'naturliche', 'naturlichen'], 'natural'),
  ...forms(['haarschnitt', 'schnitt'], 'haircut'),
  ...forms(['kurz', 'kurze', 'kurzes', 'kurzen'], 'short'),
  ...forms(['locken', 'lockig', 'lockige'], 'curly'),
  mit: 'with',
  und: 'and',
  aber: 'but',
  meine: 'my',
};

const ITALIAN: Lexicon = {
  ...forms(['capelli', 'capello', 'chioma'], 'hair'),
  ...forms(['rosso', 'rossa', 'rossi', 'rosse'], 'red'),
  ...forms(['biondo', 'bionda', 'biondi', 'bionde'], 'blonde'),
  ...forms(['castano', 'castana', 'castani', 'castane'], 'brown'),
  ...forms(['bruno', 'bruna'], 'brunette'),
  ...forms(['nero', 'nera', 'neri', 'nere'], 'black'),
  ...forms(['ramato', 'ramata', 'ramati', 'rame'], 'copper'),
  ...forms(['mogano'], 'mahogany'),
  ...forms(['viola'], 'purple'),
  ...forms(['lilla'], 'lilac'),
  ...forms(['blu', 'azzurro', 'azzurra'], 'blue'),
  ...forms(['argento', 'argentato', 'argentata', 'argentati'], 'silver'),
  ...forms(['grigio', 'grigia', 'grigi'], 'grey'),
  ...forms(['caramello'], 'caramel'),
  ...forms(['miele'], 'honey'),
  ...forms(['dorato', 'dorata', 'dorati'], 'golden'),
  ...forms(['cenere'], 'ash'),
  ...forms(['bianco', 'bianca', 'bianchi'], 'white'),
  ...forms(['fragola'], 'strawberry'),
  ...forms(['meches', 'colpi di luce'], 'highlights'),
  ...forms(['meches scure', 'colpi di luce scuri'], 'lowlights'),
  ...forms(['capelli bianchi', 'capelli grigi'], 'greys'),
  ...forms(['coprire', 'copri', 'coprite'], 'cover'),
  ...forms(['ritocco', 'ritoccare'], 'touch up'),
  'basta con': 'done with',
  'non piu': 'no more',
  tramonto: 'sunset',
  davanti: 'at the front',
  'colpi di sole': 'balayage',
  ...forms(['ciocca'], 'streak'),
  ...forms(['degrade', 'sfumato', 'sfumatura'], 'ombre'),
  ...forms(['radici', 'radice', 'le radici', 'la radice'], 'roots'),
  ...forms(['toccare', 'toccando'], 'touching'),
  ...forms(['punte'], 'tips'),
  ...forms(['scuro', 'scura', 'scuri', 'scure'], 'dark'),
  ...forms(['chiaro', 'chiara', 'chiari', 'chiare'], 'light'),
  'piu scuro': 'darker',
  'piu scura': 'darker',
  'piu chiaro': 'lighter',
  'piu chiara': 'lighter',
  'piu caldo': 'warmer',
  'piu freddo': 'cooler',
  ...forms(['caldo', 'calda'], 'warm'),
  ...forms(['freddo', 'fredda'], 'cool'),
  senza: 'without',
  non: 'not',
  'non troppo': 'not too',
  'un po': 'a bit',
  sotto: 'underneath',
  ...forms(['mantenere', 'tenere', 'lasciare'], 'keep'),
  ...forms(['naturali'], 'natural'),
  ...forms(['taglio'], 'cut'),
  ...forms(['frangia'], 'fringe'),
  ...forms(['corti'], 'short'),
  ...forms(['ricci', 'riccio', 'ricci'], 'curly'),
  mie: 'my',
  miei: 'my',
};

/**
 * One table for all five languages. Where two languages share a spelling with different meanings the later
 * one would win silently, so the merge below refuses that at load time (a test imports this module).
 */
export const FOREIGN_WORDS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const table of [SPANISH, FRENCH, PORTUGUESE, GERMAN, ITALIAN]) {
    for (const [k, v] of Object.entries(table)) {
      const had = map.get(k);
      if (had !== undefined && had !== v) throw new Error(`prompt-languages: "${k}" reads as both "${had}" and "${v}"`);
      map.set(k, v);
    }
  }
  return map;
})();

/**
 * Everyday words of the five languages that sit a letter or two from an English hair word ("möchte" is one
 * letter from "mocha", "Teil" from "teal", "sempre" from "sombre", "faire" from "fire"). The rewrite never
 * reads them as typos. Not a dictionary: the words people write around a hair ask (wanting, asking, parts of
 * the head, seasons), checked against the typo reader.
 */
export const FOREIGN_EVERYDAY: ReadonlySet<string> = new Set(
  `quiero quisiera querria gustaria gusta podria puedes puede hacer hazme poner ponme tenir tenirme pintar cambiar color colores tono
  tonos todo toda todos todas poco mucho muy menos algo nada otro otra este esta esto ese esa para porque como cuando donde tambien
  bonito bonita guapo guapa largo larga lados lado frente atras detras arriba capa capas parte partes mismo misma nuevo nueva verano
  invierno otono primavera favor gracias hola estilo mechones volver vuelta quitar ahora antes despues siempre nunca tengo tiene tener
  estar esta estoy quedar queda quede playa fuego
  je voudrais veux voulez aimerais aime faire fais mettre teindre colorer couleur couleurs teinte ton tons tout toute tous toutes peu
  beaucoup tres plus moins quelque chose rien autre cette cet pour parce comme quand aussi joli jolie belle beau long longue cotes cote
  devant derriere dessus couche couches partie meme nouveau nouvelle ete hiver automne printemps merci bonjour revenir enlever laisser
  maintenant avant apres toujours jamais avoir suis etre reste soleil plage feu
  quero queria gostaria gosto pode podes fazer faz colorir tingir mudar cor cores tom todo toda pouco muito menos outro outra isto esse
  essa lindo linda comprido comprida cima camada camadas novo nova verao outono obrigado obrigada ola voltar tirar agora depois sempre
  tenho tem ter estou ficar fique praia fogo
  ich mochte mochten hatte gern gerne will wollen wurde konnte kannst bitte danke machen mach farben farbe ton tone ganz alle alles
  wenig viel sehr mehr weniger nichts andere anderen diese dieser dieses fur weil wie wenn aber auch schon schone lang lange seiten seite
  hinten oben schicht schichten teil gleich neu neue sommer herbst fruhling hallo stil zuruck wieder weg jetzt vorher nachher immer nie
  habe hast haben sein bin bleiben sonne strand feuer meinen einen einer eine nur noch mal kopf
  vorrei voglio vuoi piacerebbe piace puoi fare fammi mettere tingere colorare colore colori toni tutto tutta tutti tutte molto meno
  qualcosa niente altro altra questo questa quello quella perche bello bella lungo lunga lati lato dietro sopra strato strati naturale
  stesso stessa nuovo nuova estate autunno grazie ciao stile tornare togliere adesso prima dopo mai avere essere sono restare sole
  spiaggia fuoco`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Parts German joins into one word ("Pastellrosa", "Karamellsträhnen", "kupferrote"): colour and tone
 * stems, and the nouns a colour is joined to. Together with the German table's own words.
 */
const GERMAN_STEMS: Lexicon = {
  ...GERMAN,
  asch: 'ash',
  gold: 'golden',
  honig: 'honey',
  erdbeer: 'strawberry',
  schoko: 'chocolate',
  schokoladen: 'chocolate',
  tief: 'deep',
  eis: 'icy',
  blond: 'blonde',
  rosa: 'pink',
  pink: 'pink',
  kirsch: 'cherry',
  wein: 'burgundy',
  beige: 'beige',
  kastanien: 'chestnut',
  petrol: 'teal',
  turkis: 'turquoise',
  mint: 'mint',
  lavendel: 'lavender',
  flieder: 'lilac',
  orange: 'orange',
  reflexe: 'highlights',
  farbe: 'colour',
  balayage: 'balayage',
  ombre: 'ombre',
};
const STEMS_BY_LENGTH = Object.keys(GERMAN_STEMS)
  .filter((k) => !k.includes(' '))
  .sort((a, b) => b.length - a.length);
/** Endings a German adjective or noun takes after its stem ("rot-e", "blond-en", "Strähn-chen" is a stem). */
const ENDINGS = ['', 'e', 'en', 'er', 'es', 'em', 'n', 's'];

/**
 * A German compound read as its English words ("pastellrosa" → "pastel pink", "karamellstrahnen" →
 * "caramel highlights", "kupferrote" → "copper red"), or null. Every letter must belong to a known part
 * (a linking "s" allowed between parts, an ending after the last): two parts or more, or one part of five
 * letters or more with an ending ("aschblonde"). `word` is lower case without accents.
 */
export function readGermanCompound(word: string): string | null {
  if (word.length < 6 || FOREIGN_EVERYDAY.has(word)) return null;
  const split = (from: number): string[] | null => {
    for (const stem of STEMS_BY_LENGTH) {
      if (!word.startsWith(stem, from)) continue;
      const at = from + stem.length;
      const rest = word.slice(at);
      if (ENDINGS.includes(rest)) return [stem];
      for (const link of ['', 's']) {
        if (link && !word.startsWith(link, at)) continue;
        const tail = split(at + link.length);
        if (tail) return [stem, ...tail];
      }
    }
    return null;
  };
  const parts = split(0);
  if (!parts || (parts.length === 1 && (parts[0] === word || parts[0].length < 5))) return null;
  return parts.map((p) => GERMAN_STEMS[p]).join(' ');
}

/** The longest key, in words: how far ahead the rewrite looks. */
export const FOREIGN_MAX_WORDS = Math.max(...[...FOREIGN_WORDS.keys()].map((k) => k.split(' ').length));
