// Brokers have no load board group and no Top Picks (spec section 6; decision 012): the load board
// routes refuse them with this text, through the route option `brokersRefused`.
export const LOAD_BOARD_BROKERS_REFUSED =
  'Brokers do not use the load board: searching and booking loads, Top Picks, saved lanes, live equipment and load rates are for carriers';

/** The rates of a load: a broker reads rates only for its own order (decision 210). */
export const LOAD_RATES_BROKERS_REFUSED =
  'Brokers search rates by their own order (orderId); the rates of a load on the board are for carriers booking it';
