/**
 * Given and family names by origin. A person's origin is drawn from the mix of their
 * country (geo.ts), so names fit places without every name being local.
 */

export type Origin =
  | 'anglo'
  | 'hispanic'
  | 'lusophone'
  | 'french'
  | 'german'
  | 'dutch'
  | 'italian'
  | 'nordic'
  | 'finnish'
  | 'polish'
  | 'czech'
  | 'estonian'
  | 'russian'
  | 'turkish'
  | 'hebrew'
  | 'arabic'
  | 'afrikaans'
  | 'southafrican'
  | 'nigerian'
  | 'kenyan'
  | 'indian'
  | 'chinese'
  | 'japanese'
  | 'korean'
  | 'indonesian'
  | 'filipino';

interface OriginNames {
  /** A language people of this origin often list besides their country's. */
  language: string | null;
  first: string;
  last: string;
}

const ORIGIN_NAMES: Readonly<Record<Origin, OriginNames>> = {
  anglo: {
    language: null,
    first:
      'James, Mary, John, Patricia, Robert, Jennifer, Michael, Linda, William, Elizabeth, David, Barbara, Richard, Susan, Joseph, Jessica, Thomas, Sarah, Christopher, Karen, Daniel, Emily, Matthew, Olivia, Andrew, Hannah, Ryan, Megan, Nathan, Lauren, Benjamin, Grace, Samuel, Chloe, Jack, Charlotte, Liam, Amelia, Oliver, Sophie, Harry, Ava, Ethan, Abigail, Connor, Siobhan, Aoife, Ciaran, Declan, Niamh, Fiona, Callum, Isla, Hamish, Rhys, Cerys, Owen, Caitlin, Brooke, Tyler, Kayla, Dylan, Madison, Logan, Austin, Taylor, Morgan, Jordan',
    last: "Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore, Jackson, Martin, Thompson, White, Harris, Clark, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Hill, Green, Adams, Baker, Nelson, Carter, Mitchell, Campbell, Roberts, Turner, Phillips, Parker, Evans, Edwards, Collins, Stewart, Morris, Murphy, Cook, Rogers, Cooper, Peterson, Reed, Bailey, Bell, Kelly, Howard, Ward, Cox, Richardson, Wood, Watson, Brooks, Bennett, Gray, Hughes, Price, Sanders, Myers, Long, Ross, Foster, O'Brien, O'Connor, McCarthy, Byrne, Walsh, Doyle, Gallagher, MacDonald, Fraser, Sinclair, Davies, Jenkins, Lloyd, Griffiths, Whitaker, Hale, Porter, Fletcher, Hayes",
  },
  hispanic: {
    language: 'Spanish',
    first:
      'José, Juan, Luis, Carlos, Jorge, Miguel, Alejandro, Javier, Diego, Fernando, Ricardo, Andrés, Sergio, Pablo, Manuel, Rafael, Daniel, Mateo, Santiago, Sebastián, María, Ana, Lucía, Sofía, Valentina, Camila, Isabel, Carmen, Laura, Paula, Gabriela, Daniela, Mariana, Elena, Andrea, Natalia, Catalina, Ximena, Guadalupe, Rocío',
    last: 'García, Rodríguez, Martínez, Hernández, López, González, Pérez, Sánchez, Ramírez, Torres, Flores, Rivera, Gómez, Díaz, Morales, Reyes, Cruz, Ortiz, Gutiérrez, Chávez, Ramos, Ruiz, Jiménez, Moreno, Álvarez, Romero, Navarro, Domínguez, Vargas, Castillo, Mendoza, Herrera, Medina, Aguilar, Vega, Castro, Fernández, Suárez, Rojas, Muñoz, Ortega, Delgado, Guerrero, Cabrera, Fuentes',
  },
  lusophone: {
    language: 'Portuguese',
    first:
      'João, Pedro, Lucas, Gabriel, Rafael, Gustavo, Felipe, Thiago, Bruno, Rodrigo, Leonardo, Matheus, Vinícius, André, Tiago, Rui, Nuno, Ana, Beatriz, Mariana, Juliana, Fernanda, Larissa, Camila, Letícia, Amanda, Bruna, Carolina, Inês, Joana, Catarina, Rita, Francisca, Luísa',
    last: 'Silva, Santos, Oliveira, Souza, Pereira, Costa, Rodrigues, Almeida, Nascimento, Lima, Araújo, Fernandes, Carvalho, Gomes, Martins, Rocha, Ribeiro, Alves, Monteiro, Mendes, Barros, Freitas, Barbosa, Pinto, Moreira, Cardoso, Teixeira, Correia, Azevedo, Cavalcanti, Ferreira, Sousa, Lopes, Marques, Nogueira',
  },
  french: {
    language: 'French',
    first:
      'Jean, Pierre, Louis, Lucas, Hugo, Théo, Antoine, Nicolas, Julien, Mathieu, Guillaume, Maxime, Thomas, Alexandre, Baptiste, Étienne, François, Olivier, Camille, Léa, Manon, Chloé, Inès, Juliette, Louise, Marie, Claire, Sophie, Élodie, Margaux, Pauline, Céline, Amélie, Émilie, Aurélie',
    last: 'Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent, Lefebvre, Michel, David, Bertrand, Roux, Vincent, Fournier, Morel, Girard, André, Lefèvre, Mercier, Dupont, Lambert, Bonnet, François, Legrand, Garnier, Faure, Rousseau, Blanc, Guérin, Henry, Roussel, Perrin, Morin, Clément, Gauthier, Chevalier, Lemaire, Tremblay, Gagnon, Côté, Bouchard, Pelletier, Lavoie, Bélanger',
  },
  german: {
    language: 'German',
    first:
      'Lukas, Leon, Finn, Jonas, Paul, Felix, Maximilian, Tim, Jan, Niklas, Tobias, Florian, Sebastian, Stefan, Andreas, Markus, Matthias, Christian, Michael, Jürgen, Klaus, Anna, Lena, Lea, Laura, Julia, Sarah, Katharina, Johanna, Sophie, Hannah, Leonie, Franziska, Sabine, Anja, Claudia, Kerstin, Annika, Greta, Ursula',
    last: 'Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Schäfer, Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun, Krüger, Hofmann, Hartmann, Lange, Schmitt, Werner, Krause, Meier, Lehmann, Schmid, Huber, Maier, Mayer, Gruber, Brunner, Steiner, Moser, Keller, Weiß',
  },
  dutch: {
    language: 'Dutch',
    first:
      'Daan, Sem, Lars, Bram, Thijs, Jesse, Ruben, Stijn, Joost, Pieter, Willem, Jeroen, Bas, Maarten, Sander, Koen, Wouter, Niels, Emma, Sanne, Fleur, Lotte, Anouk, Femke, Iris, Eva, Lieke, Marloes, Esther, Ilse, Inge, Maud, Noor, Tess, Wim, Hendrik, Els',
    last: 'de Jong, Jansen, de Vries, van den Berg, van Dijk, Bakker, Janssen, Visser, Smit, Meijer, de Boer, Mulder, de Groot, Bos, Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer, de Wit, Dijkstra, Smits, de Graaf, van der Meer, van der Linden, Kok, Jacobs, de Haan, Vermeulen, Peeters, Maes, Claes, Willems, Goossens, Wouters, De Smet',
  },
  italian: {
    language: 'Italian',
    first:
      'Marco, Luca, Giuseppe, Giovanni, Francesco, Alessandro, Matteo, Lorenzo, Andrea, Stefano, Davide, Simone, Federico, Riccardo, Paolo, Giorgio, Antonio, Roberto, Giulia, Chiara, Francesca, Sara, Martina, Alessia, Valentina, Elisa, Federica, Silvia, Elena, Giorgia, Beatrice, Alice, Aurora, Ginevra, Serena',
    last: "Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, De Luca, Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri, Fontana, Santoro, Mariani, Rinaldi, Caruso, Ferrara, Galli, Martini, Leone, Longo, Gentile, Martinelli, Vitale, Lombardo, Serra, Coppola, De Santis, D'Angelo, Marchetti",
  },
  nordic: {
    language: null,
    first:
      'Erik, Lars, Anders, Johan, Magnus, Henrik, Nils, Olof, Gustav, Axel, Emil, Oskar, Jonas, Mikkel, Rasmus, Søren, Kristian, Ole, Sindre, Håkon, Astrid, Ingrid, Karin, Sofia, Elin, Maja, Freja, Ida, Sara, Linnea, Frida, Signe, Sigrid, Mette, Kirsten, Nora, Hanna, Tuva, Ebba, Alma',
    last: 'Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson, Gustafsson, Lindberg, Lindqvist, Berg, Hansen, Johansen, Olsen, Larsen, Andersen, Pedersen, Nielsen, Jensen, Christensen, Rasmussen, Sørensen, Kristiansen, Haugen, Bakken, Solberg, Dahl, Lund, Halvorsen, Strand, Holm, Madsen, Thomsen, Poulsen, Bjørklund, Nyström, Sandberg, Ekström',
  },
  finnish: {
    language: 'Finnish',
    first:
      'Mikko, Juha, Jukka, Antti, Timo, Matti, Pekka, Ville, Janne, Lauri, Eero, Aleksi, Tuomas, Sami, Jari, Anna, Maria, Laura, Sanna, Johanna, Katja, Heidi, Elina, Emilia, Aino, Veera, Riikka, Tiina, Minna, Noora',
    last: 'Korhonen, Virtanen, Mäkinen, Nieminen, Mäkelä, Hämäläinen, Laine, Heikkinen, Koskinen, Järvinen, Lehtonen, Lehtinen, Saarinen, Salminen, Heinonen, Niemi, Heikkilä, Kinnunen, Salonen, Turunen, Salo, Laitinen, Tuominen, Rantanen, Karjalainen, Jokinen, Mattila, Savolainen, Lahtinen, Ahonen',
  },
  polish: {
    language: 'Polish',
    first:
      'Piotr, Krzysztof, Tomasz, Paweł, Michał, Marcin, Jakub, Łukasz, Kamil, Mateusz, Adam, Bartosz, Wojciech, Grzegorz, Rafał, Anna, Katarzyna, Magdalena, Agnieszka, Małgorzata, Joanna, Aleksandra, Monika, Natalia, Karolina, Zofia, Marta, Ewa, Justyna, Weronika',
    last: 'Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański, Woźniak, Dąbrowski, Kozłowski, Jankowski, Mazur, Kwiatkowski, Krawczyk, Piotrowski, Grabowski, Nowakowski, Pawłowski, Michalski, Zając, Wróbel, Wieczorek, Jabłoński, Król, Majewski, Olszewski, Stępień, Malinowski',
  },
  czech: {
    language: 'Czech',
    first:
      'Jan, Jakub, Tomáš, Lukáš, Martin, Petr, Ondřej, Vojtěch, Michal, Jiří, Pavel, Josef, David, Filip, Marek, Tereza, Eliška, Anna, Karolína, Adéla, Kateřina, Lucie, Barbora, Veronika, Markéta, Petra, Hana, Zuzana, Klára, Lenka',
    last: 'Novák, Svoboda, Novotný, Dvořák, Černý, Procházka, Kučera, Veselý, Horák, Němec, Pokorný, Marek, Pospíšil, Hájek, Jelínek, Král, Růžička, Beneš, Fiala, Sedláček, Doležal, Zeman, Kolář, Navrátil, Čermák, Urban, Vaněk, Blažek, Kříž, Kovář',
  },
  estonian: {
    language: 'Estonian',
    first:
      'Mart, Andres, Jaan, Rein, Toomas, Tõnu, Priit, Margus, Kristjan, Rasmus, Siim, Karl, Markus, Kadri, Kati, Liis, Maarja, Triin, Kristiina, Mari, Piret, Helen, Kertu, Laura, Anu, Eva, Marju',
    last: 'Tamm, Saar, Sepp, Mägi, Kask, Kukk, Rebane, Ilves, Pärn, Koppel, Lepik, Kuusk, Karu, Oja, Lill, Raudsepp, Vaher, Kallas, Tamme, Luik, Mets, Kivi, Põder, Lõhmus, Jõgi, Teder',
  },
  russian: {
    language: 'Russian',
    first:
      'Alexei, Dmitry, Sergei, Andrei, Ivan, Mikhail, Nikolai, Vladimir, Pavel, Maxim, Artem, Yuri, Igor, Anastasia, Ekaterina, Olga, Natalia, Elena, Tatiana, Irina, Svetlana, Yulia, Anna, Maria, Daria, Polina, Ksenia, Viktoria',
    last: 'Ivanov, Smirnov, Kuznetsov, Popov, Vasiliev, Petrov, Sokolov, Mikhailov, Novikov, Fedorov, Morozov, Volkov, Alekseev, Lebedev, Semenov, Egorov, Pavlov, Kozlov, Stepanov, Nikolaev, Orlov, Andreev, Makarov, Zaitsev, Solovyov, Ivanova, Smirnova, Kuznetsova, Petrova, Volkova',
  },
  turkish: {
    language: 'Turkish',
    first:
      'Mehmet, Mustafa, Ahmet, Ali, Hüseyin, Hasan, Murat, Emre, Burak, Can, Kerem, Onur, Serkan, Cem, Ayşe, Fatma, Emine, Zeynep, Elif, Merve, Esra, Büşra, Selin, Deniz, Ebru, Derya, Gül, Özge, Aslı',
    last: 'Yılmaz, Kaya, Demir, Şahin, Çelik, Yıldız, Yıldırım, Öztürk, Aydın, Özdemir, Arslan, Doğan, Kılıç, Aslan, Çetin, Kara, Koç, Kurt, Özkan, Şimşek, Polat, Korkmaz, Karaca, Güneş, Aksoy, Bulut, Tekin, Uçar, Tan',
  },
  hebrew: {
    language: 'Hebrew',
    first:
      'David, Yosef, Daniel, Ariel, Noam, Itai, Omer, Eitan, Yonatan, Amit, Uri, Guy, Tomer, Avi, Moshe, Yael, Noa, Tamar, Maya, Shira, Michal, Adi, Talia, Rivka, Dana, Roni, Hila, Liat, Orly, Keren',
    last: 'Cohen, Levi, Mizrahi, Peretz, Biton, Dahan, Avraham, Friedman, Katz, Azoulay, Ben-David, Shapiro, Goldberg, Rosen, Weiss, Stern, Ben-Ami, Shalom, Levy, Amar, Gabay, Ohana, Malka, Ashkenazi, Barak, Golan, Segal, Sharon',
  },
  arabic: {
    language: 'Arabic',
    first:
      'Mohammed, Ahmed, Ali, Omar, Khalid, Youssef, Hassan, Ibrahim, Abdullah, Karim, Tarek, Samir, Faisal, Hamza, Rami, Nabil, Mahmoud, Mostafa, Fatima, Aisha, Mariam, Layla, Nour, Sara, Huda, Rania, Yasmin, Salma, Dina, Amira, Hana, Leila, Reem, Noura',
    last: 'Al-Sayed, Hassan, Hussein, Ibrahim, Mahmoud, Mansour, Haddad, Khoury, Nasser, Saleh, Farouk, Abdel-Rahman, Al-Masri, Aziz, Bakr, El-Amin, Fahmy, Ghanem, Hamdan, Issa, Jaber, Kassem, Mostafa, Najjar, Qureshi, Rashid, Said, Shaker, Suleiman, Yousef, Zaki, Al-Hashimi, Al-Mansoori, Al-Nuaimi',
  },
  afrikaans: {
    language: 'Afrikaans',
    first:
      'Pieter, Johan, Jan, Willem, Hendrik, Gerhard, Francois, Jacques, Danie, Stefan, Marius, Riaan, Anton, Elsa, Annelie, Marietjie, Elmarie, Carina, Liezel, Anika, Mariska, Sunette, Ilze, Lize',
    last: 'van der Merwe, Botha, Pretorius, du Plessis, van Wyk, Nel, Smit, Venter, Coetzee, Fourie, Steyn, Kruger, Joubert, Visser, du Toit, Swanepoel, Burger, Erasmus, Jacobs, Vermaak, Louw, Marais, Olivier, Pienaar, Bezuidenhout',
  },
  southafrican: {
    language: 'Zulu',
    first:
      'Sipho, Thabo, Bongani, Themba, Mandla, Sibusiso, Lwazi, Kagiso, Tshepo, Lungile, Siyabonga, Andile, Zanele, Nomvula, Thandiwe, Lerato, Palesa, Naledi, Nokuthula, Busisiwe, Zodwa, Ayanda, Refilwe, Nandi, Khanyisile',
    last: 'Dlamini, Nkosi, Ndlovu, Khumalo, Mokoena, Mahlangu, Zulu, Mthembu, Sithole, Ngcobo, Buthelezi, Molefe, Mabaso, Nxumalo, Mkhize, Cele, Zwane, Shabalala, Radebe, Tshabalala, Mokwena, Masilela, Maseko, Hadebe, Ntuli',
  },
  nigerian: {
    language: null,
    first:
      'Chinedu, Emeka, Obinna, Chukwuemeka, Ifeanyi, Tunde, Babatunde, Oluwaseun, Adebayo, Femi, Segun, Kunle, Musa, Abubakar, Ngozi, Chioma, Adaeze, Nneka, Amaka, Funmilayo, Yetunde, Folake, Bisi, Zainab, Halima, Temitope, Kemi, Tolu',
    last: 'Okafor, Okonkwo, Eze, Nwosu, Obi, Chukwu, Nwachukwu, Okeke, Adeyemi, Adebayo, Ogunleye, Olawale, Balogun, Oyelaran, Adeleke, Bello, Abubakar, Usman, Yusuf, Danjuma, Okoro, Onyekachi, Afolabi, Akinola, Oladipo, Ogundipe, Ojo, Nnamdi',
  },
  kenyan: {
    language: 'Swahili',
    first:
      'Brian, Kevin, Dennis, Collins, Victor, Peter, Samuel, Joseph, Emmanuel, Kipchoge, Wanjiru, Achieng, Akinyi, Wambui, Njeri, Mercy, Faith, Grace, Purity, Esther, Joy, Cynthia, Sharon, Nyambura',
    last: 'Kamau, Mwangi, Otieno, Ochieng, Odhiambo, Wanjiku, Njoroge, Kariuki, Kimani, Mutua, Onyango, Omondi, Kiprop, Kiprotich, Cheruiyot, Koech, Rotich, Kibet, Mugo, Gitau, Wafula, Wekesa, Macharia, Ndungu, Nyaga, Muthoni',
  },
  indian: {
    language: 'Hindi',
    first:
      'Aarav, Arjun, Rahul, Rohan, Vikram, Amit, Ankit, Rajesh, Suresh, Karthik, Sanjay, Vivek, Nikhil, Pranav, Aditya, Siddharth, Harish, Manish, Deepak, Ravi, Priya, Ananya, Divya, Kavya, Neha, Pooja, Shreya, Aishwarya, Sneha, Lakshmi, Meera, Anjali, Nisha, Riya, Swati, Deepika, Ishita, Aditi, Sunita, Geeta',
    last: 'Sharma, Patel, Singh, Kumar, Gupta, Reddy, Iyer, Nair, Rao, Mehta, Shah, Joshi, Desai, Kapoor, Malhotra, Chopra, Agarwal, Banerjee, Chatterjee, Mukherjee, Das, Bose, Menon, Pillai, Krishnan, Subramanian, Venkatesh, Naidu, Kulkarni, Deshpande, Patil, Jain, Verma, Mishra, Pandey, Bhat, Hegde, Chauhan, Saxena, Srinivasan',
  },
  chinese: {
    language: 'Mandarin',
    first:
      'Wei, Fang, Jing, Lei, Min, Jun, Yan, Hui, Xin, Yu, Hao, Jie, Ming, Tao, Qiang, Lin, Xiaoming, Xiaoyu, Zhiwei, Jianhua, Mei, Ying, Ling, Yifan, Zihan, Haoran, Yuxuan, Siyu, Kai, Bo, Rui, Ning, Qing, Ting, Shu, Lan, Xiu, Hong',
    last: 'Wang, Li, Zhang, Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Xu, Sun, Ma, Zhu, Hu, Guo, He, Lin, Gao, Luo, Zheng, Liang, Xie, Song, Tang, Han, Feng, Deng, Cao, Peng, Zeng, Xiao, Tian, Dong, Pan, Yuan, Cai, Jiang, Wong, Chan, Lee, Tan, Lim, Ng, Goh, Teo, Ong, Koh, Chua, Ho',
  },
  japanese: {
    language: 'Japanese',
    first:
      'Haruto, Yuto, Sota, Yuki, Hiroshi, Takashi, Kenji, Daisuke, Satoshi, Kazuki, Ryota, Shota, Takumi, Naoki, Kenta, Yui, Aoi, Sakura, Hina, Yuna, Mio, Akari, Haruka, Ayaka, Misaki, Nanami, Yuka, Emi, Keiko, Naomi, Rina, Kaori, Mai, Asuka',
    last: 'Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato, Yoshida, Yamada, Sasaki, Yamaguchi, Matsumoto, Inoue, Kimura, Hayashi, Shimizu, Yamazaki, Mori, Abe, Ikeda, Hashimoto, Yamashita, Ishikawa, Nakajima, Maeda, Fujita, Ogawa, Okada, Goto, Hasegawa, Murakami, Kondo',
  },
  korean: {
    language: 'Korean',
    first:
      'Min-jun, Seo-jun, Do-yun, Ji-ho, Ha-jun, Joon-young, Hyun-woo, Sung-min, Jae-won, Dong-hyun, Tae-yang, Young-ho, Jin-woo, Seung-hoon, Kyung-soo, Seo-yeon, Ji-woo, Ha-eun, Min-seo, Su-bin, Ji-yeon, Eun-ji, Hye-jin, Yoo-na, Soo-jin, Da-eun, Ye-jin, Na-yeon, Ji-min, Hae-won',
    last: 'Kim, Lee, Park, Choi, Jung, Kang, Cho, Yoon, Jang, Lim, Han, Oh, Seo, Shin, Kwon, Hwang, Ahn, Song, Yoo, Hong, Jeon, Ko, Moon, Yang, Son, Bae, Baek, Heo, Nam, Ryu',
  },
  indonesian: {
    language: 'Indonesian',
    first:
      'Budi, Agus, Andi, Dimas, Rizky, Fajar, Hendra, Eko, Bayu, Arif, Yoga, Aditya, Rudi, Wahyu, Putra, Siti, Dewi, Putri, Ayu, Rina, Sri, Indah, Fitri, Nurul, Wulan, Ratna, Intan, Maya, Lestari, Anisa',
    last: 'Santoso, Wijaya, Hidayat, Saputra, Pratama, Kusuma, Setiawan, Nugroho, Wibowo, Susanto, Gunawan, Halim, Hartono, Kurniawan, Purnomo, Rahman, Siregar, Nasution, Harahap, Simanjuntak, Sitompul, Tanjung, Lubis, Utomo, Suryadi, Permana, Firmansyah, Hakim, Ramadhan, Sihombing',
  },
  filipino: {
    language: 'Filipino',
    first:
      'Jose, Juan, Mark, John Paul, Carlo, Miguel, Paolo, Rafael, Joshua, Jerome, Christian, Ramon, Angelo, Jericho, Vincent, Maria, Angelica, Kristine, Patricia, Camille, Bea, Nicole, Princess, Joy, Rowena, Marites, Jasmine, Andrea, Katrina, Charmaine',
    last: 'Santos, Reyes, Cruz, Bautista, Ocampo, Garcia, Mendoza, Torres, Tomas, Andrada, Castillo, Flores, Villanueva, Ramos, Castro, Rivera, Aquino, Navarro, Salazar, Mercado, Dela Cruz, De Leon, Del Rosario, Gonzales, Aguilar, Manalo, Pascual, Soriano, Valdez, Lim',
  },
};

const ORIGINS = Object.keys(ORIGIN_NAMES) as Origin[];

/** Every distinct name once (dictionary for the columnar store) and, per origin, indexes into it. */
export interface NameBook {
  first: string[];
  last: string[];
  firstByOrigin: Record<Origin, number[]>;
  lastByOrigin: Record<Origin, number[]>;
  language: Record<Origin, string | null>;
}

function dictionary(lists: Array<[Origin, string[]]>): { words: string[]; byOrigin: Record<Origin, number[]> } {
  const words: string[] = [];
  const at = new Map<string, number>();
  const byOrigin = {} as Record<Origin, number[]>;
  for (const [origin, list] of lists) {
    byOrigin[origin] = list.map((w) => {
      let i = at.get(w);
      if (i === undefined) {
        i = words.length;
        words.push(w);
        at.set(w, i);
      }
      return i;
    });
  }
  return { words, byOrigin };
}

const split = (s: string): string[] => s.split(',').map((w) => w.trim());

let book: NameBook | undefined;

export function nameBook(): NameBook {
  if (book) return book;
  const first = dictionary(ORIGINS.map((o) => [o, split(ORIGIN_NAMES[o].first)]));
  const last = dictionary(ORIGINS.map((o) => [o, split(ORIGIN_NAMES[o].last)]));
  const language = {} as Record<Origin, string | null>;
  for (const o of ORIGINS) language[o] = ORIGIN_NAMES[o].language;
  book = { first: first.words, last: last.words, firstByOrigin: first.byOrigin, lastByOrigin: last.byOrigin, language };
  return book;
}
